import { Alert, Button, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { parseShlLink } from '@pulso/domain';
import { type FormEvent, useMemo, useState } from 'react';
import { PasswordField } from '../../ui/password-field.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { IpsSummary } from './ips-summary.tsx';
import { type IpsView, ipsView, type ViewerLang } from './ips-view.ts';
import { openShl, type ShlFailure } from './open-shl.ts';
import { VIEWER_MESSAGES } from './shl-messages.ts';

type State = { status: 'form'; error?: string } | { status: 'opening' } | { status: 'open'; view: IpsView };

/**
 * `/shl#shlink:/…`, the viewer of a SMART Health Link (docs/smart-health-links.md "The viewer"): reads the link
 * from the address's fragment (which browsers never send), asks the recipient's name (and the passcode when the
 * link has `P`), opens the manifest and decrypts the summary in the browser, then shows it in Portuguese or
 * English. A malformed or expired link says so before anything is sent.
 */
export default function ShlViewerPage() {
  const [lang, setLang] = useState<ViewerLang>('pt-BR');
  const t = VIEWER_MESSAGES[lang];
  useDocumentTitle(t.title);
  const payload = useMemo(() => parseShlLink(window.location.hash), []);
  const [recipient, setRecipient] = useState('');
  const [passcode, setPasscode] = useState('');
  const [state, setState] = useState<State>({ status: 'form' });
  const [bundle, setBundle] = useState<Parameters<typeof ipsView>[0] | null>(null);
  const expired = payload?.exp !== undefined && payload.exp * 1000 < Date.now();
  const needsPasscode = payload?.flag?.includes('P') ?? false;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!payload) return;
    if (!recipient.trim()) return setState({ status: 'form', error: t.recipientMissing });
    if (needsPasscode && !passcode) return setState({ status: 'form', error: t.passcodeMissing });
    setState({ status: 'opening' });
    try {
      const opened = await openShl(payload, recipient.trim(), needsPasscode ? passcode : undefined);
      const view = ipsView(opened, lang);
      if (!view) throw { kind: 'failed' } satisfies ShlFailure;
      setBundle(opened);
      setState({ status: 'open', view });
    } catch (failure) {
      const f = failure as ShlFailure;
      const error =
        f.kind === 'notFound' ? t.notFound : f.kind === 'passcode' ? t.wrongPasscode(f.left) : t.failed;
      setState({ status: 'form', error });
    }
  };

  const changeLang = (next: string) => {
    const chosen = next as ViewerLang;
    setLang(chosen);
    if (bundle) {
      const view = ipsView(bundle, chosen);
      if (view) setState({ status: 'open', view });
    }
  };

  return (
    <Stack gap="lg" maw={720} mx="auto" w="100%" lang={lang}>
      <SegmentedControl
        aria-label={t.language}
        value={lang}
        onChange={changeLang}
        data={[
          { value: 'pt-BR', label: 'Português' },
          { value: 'en', label: 'English' },
        ]}
        style={{ alignSelf: 'flex-end' }}
      />
      <Title order={1}>{t.title}</Title>
      {!payload ? (
        <Alert color="red" role="alert">
          {t.invalid}
        </Alert>
      ) : expired ? (
        <Alert color="red" role="alert">
          {t.expired}
        </Alert>
      ) : state.status === 'open' ? (
        <IpsSummary view={state.view} lang={lang} />
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Stack gap="md">
            <Text>{t.intro}</Text>
            {payload.label && (
              <Text fw={700} size="lg">
                {payload.label}
              </Text>
            )}
            <TextInput
              label={t.recipient}
              description={t.recipientHint}
              value={recipient}
              onChange={(event) => setRecipient(event.currentTarget.value)}
              autoComplete="name"
              required
              maxLength={200}
            />
            {needsPasscode && (
              <PasswordField
                label={t.passcode}
                value={passcode}
                onChange={(event) => setPasscode(event.currentTarget.value)}
                autoComplete="off"
                required
              />
            )}
            {state.status === 'form' && state.error && (
              <Alert color="red" role="alert">
                {state.error}
              </Alert>
            )}
            <Button
              type="submit"
              size="md"
              loading={state.status === 'opening'}
              style={{ alignSelf: 'flex-start' }}
            >
              {state.status === 'opening' ? t.opening : t.open}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
