import { DELETION_MESSAGES } from '@pulso/domain';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { loginRedirectTarget } from '../../lib/auth.tsx';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import { SignInForm } from '../../ui/sign-in/sign-in-form.tsx';
import { useLogin } from './api/login.ts';

/**
 * Patient sign-in (docs/accounts.md "Sign-in"): e-mail and password, Enter
 * submits; on success goes to the page the guard stopped at, or `/`, telling when the sign-in cancelled the
 * account's deletion.
 */
export function LoginForm({ onForgotPassword }: { onForgotPassword: (email: string) => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const snackbar = useSnackbar();
  const login = useLogin();

  return (
    <SignInForm
      formLabel="Entrar como paciente"
      pending={login.isPending}
      onForgotPassword={onForgotPassword}
      onSubmit={(values) =>
        login.mutate(values, {
          onSuccess: async (answer) => {
            await navigate(loginRedirectTarget(location.state), { replace: true });
            // Signing in within the 7 days cancelled a deletion (docs/account-deletion.md "Grace"): say so.
            if (answer.message === DELETION_MESSAGES.cancelled) snackbar.success(answer.message);
          },
          // docs/accounts.md "Sign-in": the response message is shown in the snackbar.
          onError: (error) => snackbar.error(error instanceof ApiError ? error.message : error),
        })
      }
    />
  );
}
