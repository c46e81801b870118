import { Anchor, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import {
  looksLikeInvitationToken,
  onlyDigits,
  RegisterStep1Schema,
  RegisterStep2Schema,
} from '@pulso/domain';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { pageTitles, paths } from '../../lib/paths.ts';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import { domainResolver } from '../../ui/domain-resolver.ts';
import { withPasswordRule } from '../../ui/password-rule.ts';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { useInvitation } from './api/get-invitation.ts';
import { useVirginCode } from './api/get-virgin-code.ts';
import { useRegister } from './api/register.ts';
import { InvitationStatus } from './invitation-status.tsx';
import {
  type RegisterStep1Output,
  type RegisterStep1Values,
  type RegisterStep2Output,
  type RegisterStep2Values,
  step1Fields,
  step2Fields,
} from './register-form-types.ts';
import { RegisterNotice } from './register-notice.tsx';
import { RegisterStep1 } from './register-step1.tsx';
import { RegisterStep2 } from './register-step2.tsx';

type Step1Field = (typeof step1Fields)[number];
type Step2Field = (typeof step2Fields)[number];

const isStep1Field = (field: string): field is Step1Field =>
  (step1Fields as readonly string[]).includes(field);
const isStep2Field = (field: string): field is Step2Field =>
  (step2Fields as readonly string[]).includes(field);

/**
 * /register, /register/:code and /registerCompany/:token
 * (docs/accounts.md "Registration"): two steps; success signs the patient in
 * and goes to `/`. `/register/:token` is the same form with a company
 * invitation: a long token, never shaped like an 8-character code. An
 * invitation is checked first; only a usable one shows the form
 * (docs/accounts.md "Registering with an invitation").
 */
export default function RegisterPage() {
  const { code: rawCode, token } = useParams();
  const inviteToken = token ?? (rawCode && looksLikeInvitationToken(rawCode) ? rawCode : undefined);
  const title = inviteToken ? pageTitles.registerCompany : pageTitles.register;
  useDocumentTitle(title);
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const virgin = useVirginCode(inviteToken ? undefined : rawCode);
  const invitation = useInvitation(inviteToken);
  const registration = useRegister(inviteToken);
  const [step, setStep] = useState(0);
  const pendingFocus = useRef<Step1Field | Step2Field | null>(null);

  const step1 = useForm<RegisterStep1Values, unknown, RegisterStep1Output>({
    resolver: domainResolver(RegisterStep1Schema),
    defaultValues: { name: '', telefone: '' },
  });
  const step2 = useForm<RegisterStep2Values, unknown, RegisterStep2Output>({
    resolver: withPasswordRule(domainResolver(RegisterStep2Schema), (values) => ({
      email: values.email,
      name: step1.getValues('name'),
    })),
    defaultValues: { email: '', password: '', password_confirmation: '', terms: false, newsletter: false },
  });

  // Focus moves with the step: to its first field, or to the field the server rejected.
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target || isStep1Field(target) !== (step === 0)) return;
    pendingFocus.current = null;
    if (isStep1Field(target)) step1.setFocus(target);
    else step2.setFocus(target);
  }, [step, step1.setFocus, step2.setFocus]);

  const goTo = (next: number, focus: Step1Field | Step2Field) => {
    pendingFocus.current = focus;
    setStep(next);
  };

  const showServerErrors = (error: unknown) => {
    if (!(error instanceof ApiError) || Object.keys(error.errors).length === 0) {
      snackbar.error(error);
      return;
    }
    // The invitation was used up meanwhile: check again, which replaces the form by the notice.
    if (error.errors.token) invitation.recheck();
    let firstStep1: Step1Field | null = null;
    let firstStep2: Step2Field | null = null;
    for (const [field, messages] of Object.entries(error.errors)) {
      const message = messages[0];
      if (isStep1Field(field)) {
        step1.setError(field, { type: 'server', message });
        firstStep1 ??= field;
      } else if (isStep2Field(field)) {
        step2.setError(field, { type: 'server', message });
        firstStep2 ??= field;
      }
    }
    if (firstStep1) goTo(0, firstStep1);
    else if (firstStep2) step2.setFocus(firstStep2);
    snackbar.error(error.errors);
  };

  const submit = (account: RegisterStep2Output) => {
    const identity = step1.getValues();
    registration.mutate(
      {
        name: identity.name.trim(),
        telefone: onlyDigits(identity.telefone),
        email: account.email,
        password: account.password,
        password_confirmation: account.password_confirmation,
        terms: true,
        newsletter: account.newsletter === true,
        ...(virgin.status === 'available' ? { code: virgin.code } : {}),
      },
      {
        onSuccess: (answer) => {
          snackbar.success(answer.message);
          navigate(paths.root, { replace: true });
        },
        onError: showServerErrors,
      },
    );
  };

  // No form while an invitation is being checked or cannot be used: nothing posts a dead token.
  if (invitation.state.status !== 'none' && invitation.state.status !== 'usable') {
    return (
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Title order={1} ta="center">
            {title}
          </Title>
          <InvitationStatus state={invitation.state} onRetry={invitation.recheck} />
        </Stack>
      </Paper>
    );
  }

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Title order={1} ta="center">
            {title}
          </Title>
          <RegisterNotice
            virgin={virgin}
            company={invitation.state.status === 'usable' ? invitation.state.companyName : null}
          />
          <Stepper
            active={step}
            onStepClick={(index) => index < step && setStep(index)}
            size="sm"
            allowNextStepsSelect={false}
          >
            <Stepper.Step label="Seus dados" description="Passo 1 de 2">
              <RegisterStep1 form={step1} onNext={() => goTo(1, 'email')} />
            </Stepper.Step>
            <Stepper.Step label="Acesso" description="Passo 2 de 2">
              <RegisterStep2
                form={step2}
                name={step1.getValues('name')}
                onBack={() => goTo(0, 'name')}
                onSubmit={submit}
                submitting={registration.isPending}
              />
            </Stepper.Step>
          </Stepper>
        </Stack>
      </Paper>
      <Text ta="center">
        Já tem conta?{' '}
        <Anchor component={Link} to={paths.login} fw={600}>
          Entrar
        </Anchor>
      </Text>
    </Stack>
  );
}
