import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { isSafeContentHref } from '@pulso/domain';
import Link from '@tiptap/extension-link';
import { type Editor, EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useState } from 'react';
import { AppModal } from '../../../ui/app-modal.tsx';
import classes from './conteudo.module.css';

/**
 * The extensions of the legal pages' editor: paragraphs, h2/h3, bold,
 * italic, bulleted and numbered lists, line breaks and links — what the
 * server's allow-list keeps (`CONTENT_HTML_TAGS`); nothing else can be made.
 */
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    link: false,
  }),
  Link.configure({
    openOnClick: false,
    autolink: false,
    protocols: ['http', 'https', 'mailto'],
    isAllowedUri: (url) => isSafeContentHref(url),
    HTMLAttributes: { rel: null, target: null, class: null },
  }),
];

/**
 * A rich-text editor for a legal page (issue 9 "HTML edited with a
 * sanitising editor"): TipTap with a toolbar of Mantine buttons — Negrito,
 * Itálico, Título, Subtítulo, Lista, Lista numerada, Link — each reachable by
 * Tab and telling whether it is on (`aria-pressed`). The usual shortcuts
 * work too (Ctrl+B, Ctrl+I). `onChange` receives the editor's HTML; the
 * server sanitises it again before storing.
 */
export function RichTextEditor({
  label,
  initialHtml,
  onChange,
}: {
  /** The page's name: the text box reads 'Texto: <label>', the toolbar 'Formatação: <label>'. */
  label: string;
  initialHtml: string;
  onChange: (html: string) => void;
}) {
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialHtml,
    // The CSP allows no inline <style>: the editor's looks come from conteudo.module.css.
    injectCSS: false,
    immediatelyRender: true,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        class: classes.editor ?? '',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': `Texto: ${label}`,
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });
  const [linkOpen, setLinkOpen] = useState(false);

  if (!editor) return null;
  return (
    <Stack gap={0} className={classes.frame}>
      <Toolbar editor={editor} label={label} onLink={() => setLinkOpen(true)} />
      <EditorContent editor={editor} />
      <LinkDialog
        opened={linkOpen}
        initial={(editor.getAttributes('link').href as string | undefined) ?? ''}
        onClose={() => {
          setLinkOpen(false);
          editor.commands.focus();
        }}
        onSave={(href) => {
          const chain = editor.chain().focus().extendMarkRange('link');
          if (href === '') chain.unsetLink().run();
          else chain.setLink({ href }).run();
          setLinkOpen(false);
        }}
      />
    </Stack>
  );
}

function Toolbar({ editor, label, onLink }: { editor: Editor; label: string; onLink: () => void }) {
  const buttons: { text: string; name: string; active: boolean; run: () => void }[] = [
    {
      text: 'N',
      name: 'Negrito',
      active: editor.isActive('bold'),
      run: () => editor.chain().focus().toggleBold().run(),
    },
    {
      text: 'I',
      name: 'Itálico',
      active: editor.isActive('italic'),
      run: () => editor.chain().focus().toggleItalic().run(),
    },
    {
      text: 'Título',
      name: 'Título',
      active: editor.isActive('heading', { level: 2 }),
      run: () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      text: 'Subtítulo',
      name: 'Subtítulo',
      active: editor.isActive('heading', { level: 3 }),
      run: () => editor.chain().focus().toggleHeading({ level: 3 }).run(),
    },
    {
      text: 'Lista com marcadores',
      name: 'Lista com marcadores',
      active: editor.isActive('bulletList'),
      run: () => editor.chain().focus().toggleBulletList().run(),
    },
    {
      text: 'Lista numerada',
      name: 'Lista numerada',
      active: editor.isActive('orderedList'),
      run: () => editor.chain().focus().toggleOrderedList().run(),
    },
    { text: 'Link', name: 'Link', active: editor.isActive('link'), run: onLink },
  ];
  return (
    <Group gap={4} p={6} role="toolbar" aria-label={`Formatação: ${label}`} className={classes.toolbar}>
      {buttons.map((b) => (
        <Button
          key={b.name}
          size="compact-sm"
          variant={b.active ? 'filled' : 'default'}
          aria-label={b.name}
          aria-pressed={b.active}
          title={b.name}
          onClick={b.run}
          className={b.text === 'N' ? classes.bold : b.text === 'I' ? classes.italic : undefined}
        >
          {b.text}
        </Button>
      ))}
    </Group>
  );
}

/** Asks for a link's address; only http(s), mailto or a path of the app are accepted. Empty removes the link. */
function LinkDialog({
  opened,
  initial,
  onClose,
  onSave,
}: {
  opened: boolean;
  initial: string;
  onClose: () => void;
  onSave: (href: string) => void;
}) {
  const [href, setHref] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setHref(initial);
      setError(null);
    }
  }, [opened, initial]);
  return (
    <AppModal opened={opened} onClose={onClose} title="Link">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          event.stopPropagation();
          const value = href.trim();
          if (value !== '' && !isSafeContentHref(value)) {
            setError('Use um endereço https://, http://, mailto: ou um caminho do Pulso, como /faqs');
            return;
          }
          onSave(value);
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Endereço do link"
            description="Selecione o texto antes. Deixe vazio para remover o link."
            placeholder="https://www.gov.br/anpd"
            value={href}
            onChange={(e) => setHref(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Text size="xs" c="dimmed">
            Aceitos: https://, http://, mailto: e caminhos do Pulso (/politica-de-privacidade).
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit">Aplicar</Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
