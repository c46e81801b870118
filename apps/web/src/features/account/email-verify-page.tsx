import { Alert, Anchor, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { pageTitles, paths } from '../../lib/paths.ts';
import { useToken } from '../../lib/token.ts';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { useVerifyEmail } from './api/verify-email.ts';
import classes from './email-verify-page.module.css';

/** How long the answer stays on screen before the page moves on (docs/accounts.md "E-mail verification"). */
export const VERIFY_REDIRECT_MS = 3000;

/**
 * /email/verify/:token (docs/accounts.md "E-mail verification"): confirms the
 * e-mail with `PUT /api/email/verify/:token`, shows the answer, then after
 * {@link VERIFY_REDIRECT_MS} goes to / when signed in, else to /login.
 */
export default function EmailVerifyPage() {
  useDocumentTitle(pageTitles.emailVerify);
  const { token = '' } = useParams();
  const signedIn = useToken() !== null;
  const navigate = useNavigate();
  const verify = useVerifyEmail();
  const { mutate } = verify;
  const started = useRef(false);
  const next = signedIn ? paths.root : paths.login;

  useEffect(() => {
    // The link is single-use: React's development double effect must not spend it twice.
    if (started.current) return;
    started.current = true;
    mutate(token);
  }, [token, mutate]);

  const done = verify.isSuccess || verify.isError;
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => void navigate(next, { replace: true }), VERIFY_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate, next]);

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={1} ta="center">
          {pageTitles.emailVerify}
        </Title>
        {!done && (
          <Stack align="center" gap="sm" role="status">
            <Loader size="md" aria-hidden="true" />
            <Text fw={500}>Confirmando seu e-mail ...</Text>
          </Stack>
        )}
        {verify.isSuccess && (
          <Alert
            color="green"
            title={verify.data.message}
            role="status"
            classNames={{ title: classes.alertTitle }}
          >
            Tudo certo! Você será levado {signedIn ? 'aos seus dados' : 'para a tela de entrada'} em
            instantes.
          </Alert>
        )}
        {verify.isError && (
          <Alert
            color="red"
            title="Não foi possível confirmar seu e-mail"
            role="alert"
            classNames={{ title: classes.alertTitle }}
          >
            {verify.error.message}
          </Alert>
        )}
        {done && (
          <Text ta="center">
            <Anchor component={Link} to={next} replace fw={600}>
              {signedIn ? 'Ir para o Pulso agora' : 'Ir para a entrada agora'}
            </Anchor>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
