import { Alert, Button, CopyButton, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  firstFieldMessages,
  issuesToFieldErrors,
  SHL_DAYS,
  SHL_LABEL_MAX,
  ShlCreateSchema,
  type ShlView,
} from '@pulso/domain';
import QRCode from 'qrcode';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import { formatDateAtTimeBR } from '../../ui/date-time.ts';
import { PasswordField } from '../../ui/password-field.tsx';
import { QueryView } from '../../ui/query-view.tsx';
import { useCreateShl, useRevokeShl, useShlLinks } from './api/shl.ts';
import classes from './permissoes-page.module.css';

const DAYS_LABEL: Record<(typeof SHL_DAYS)[number], string> = {
  1: '1 dia',
  7: '7 dias',
  30: '30 dias',
  90: '90 dias',
  365: '1 ano',
};

/**
 * 'Compartilhar resumo de saúde' on /permissoes (docs/smart-health-links.md): the patient makes a SMART Health
 * Link to their International Patient Summary — a name, how long it lasts, an optional passcode — sees it once as
 * a link and a QR code, and lists and revokes the links made.
 */
export function ShlSection() {
  const headingId = useId();
  const [made, setMade] = useState<string | null>(null);
  return (
    <section className={classes.section} aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} className={classes.sectionTitle}>
        Compartilhar resumo de saúde
      </Title>
      <Text>
        Crie um link com o seu resumo de saúde (alergias, medicamentos, problemas de saúde, tipo sanguíneo e
        últimos sinais vitais) no padrão internacional, para um hospital ou um médico, aqui ou no exterior. O
        resumo vai cifrado: só quem tiver o link consegue lê-lo.
      </Text>
      {made ? <MadeLink link={made} onDone={() => setMade(null)} /> : <ShlForm onMade={setMade} />}
      <ShlList />
    </section>
  );
}

function ShlForm({ onMade }: { onMade: (link: string) => void }) {
  const create = useCreateShl();
  const [label, setLabel] = useState('');
  const [dias, setDias] = useState<string>('30');
  const [passcode, setPasscode] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server's own rule (the domain's schema), checked here first: the same messages, no round trip.
    const parsed = ShlCreateSchema.safeParse({
      label,
      dias: Number(dias),
      ...(passcode ? { passcode } : {}),
    });
    if (!parsed.success) {
      setErrors(firstFieldMessages(issuesToFieldErrors(parsed.error.issues)));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: ({ link }) => onMade(link),
      onError: (error) =>
        setErrors(
          error instanceof ApiError
            ? Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v?.[0]]))
            : { form: error.message },
        ),
    });
  };
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <TextInput
          label="Nome do link"
          description="Para você reconhecer depois, por exemplo: Viagem à Itália"
          value={label}
          maxLength={SHL_LABEL_MAX}
          onChange={(event) => setLabel(event.currentTarget.value)}
          error={errors.label}
          required
        />
        <Select
          label="Validade"
          data={SHL_DAYS.map((d) => ({ value: String(d), label: DAYS_LABEL[d] }))}
          value={dias}
          onChange={(value) => setDias(value ?? '30')}
          allowDeselect={false}
          error={errors.dias}
        />
        <PasswordField
          label="Senha do link (opcional)"
          description="Quem abrir precisará dela; depois de 5 erros o link é bloqueado."
          value={passcode}
          onChange={(event) => setPasscode(event.currentTarget.value)}
          error={errors.passcode}
          autoComplete="new-password"
        />
        {errors.form && (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        )}
        <Button type="submit" size="md" loading={create.isPending} style={{ alignSelf: 'flex-start' }}>
          Criar link
        </Button>
      </Stack>
    </form>
  );
}

function MadeLink({ link, onDone }: { link: string; onDone: () => void }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    void QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then(setSvg);
  }, [link]);
  return (
    <Stack gap="sm" role="status">
      <Alert color="blue" title="Guarde ou compartilhe agora">
        Por segurança, o Pulso não guarda a chave deste link: ele só aparece agora. Se perder, crie outro.
      </Alert>
      {svg && (
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt="QR code do link do resumo de saúde"
          width={220}
          height={220}
        />
      )}
      <TextInput label="Link" value={link} readOnly onFocus={(event) => event.currentTarget.select()} />
      <Group>
        <CopyButton value={link}>
          {({ copied, copy }) => (
            <Button size="md" onClick={copy} variant={copied ? 'light' : 'filled'}>
              {copied ? 'Link copiado' : 'Copiar link'}
            </Button>
          )}
        </CopyButton>
        <Button size="md" variant="outline" onClick={onDone}>
          Concluir
        </Button>
      </Group>
    </Stack>
  );
}

function status(link: ShlView): { label: string; color: string } {
  if (link.revoked_at) return { label: 'Revogado', color: 'gray.8' };
  if (link.bloqueado) return { label: 'Bloqueado', color: 'red.9' };
  if (Date.parse(link.expires_at) < Date.now()) return { label: 'Expirado', color: 'gray.8' };
  // Darker than the theme's green.9, which falls short of 4.5:1 on white at this size.
  return { label: 'Ativo', color: '#0b5d3b' };
}

function ShlList() {
  const query = useShlLinks();
  const revoke = useRevokeShl();
  const snackbar = useSnackbar();
  return (
    <QueryView query={query} errorTitle="Não foi possível carregar seus links">
      {({ links }) =>
        links.length === 0 ? null : (
          <ul className={classes.history} aria-label="Links criados">
            {links.map((link) => {
              const { label, color } = status(link);
              return (
                <li key={link.id} className={classes.historyItem}>
                  <span>
                    <Text fw={700} component="span">
                      {link.label}
                    </Text>{' '}
                    <Text component="span" size="sm" fw={700} c={color}>
                      · {label}
                    </Text>
                    <Text size="sm">
                      Até {formatDateAtTimeBR(link.expires_at)} · {link.acessos}{' '}
                      {link.acessos === 1 ? 'acesso' : 'acessos'}
                      {link.flag.includes('P') ? ' · com senha' : ''}
                    </Text>
                  </span>
                  {label === 'Ativo' && (
                    <Button
                      size="sm"
                      variant="outline"
                      color="red.9"
                      aria-label={`Revogar o link ${link.label}`}
                      loading={revoke.isPending && revoke.variables === link.id}
                      onClick={() =>
                        revoke.mutate(link.id, {
                          onSuccess: () => snackbar.success('Link revogado: ele não abre mais.'),
                          onError: (error) => snackbar.error(error),
                        })
                      }
                    >
                      Revogar
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )
      }
    </QueryView>
  );
}
