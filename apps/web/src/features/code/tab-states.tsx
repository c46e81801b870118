import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { PERMISSOES_MESSAGES } from '@pulso/domain';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import classes from './public-tabs.module.css';

/** Whose data a tab shows: the patient's name as the tab's `<h1>` (the Emergency tab has its own). */
export function PatientHeading({ name }: { name: string }) {
  return <h1 className={classes.patient}>{name}</h1>;
}

/**
 * A tab this viewer may not read (spec 2 §6; issue 4): the spec's message,
 * plainly, and nothing that hints at the data. A guest is told that signing in
 * may show more (a doctor, or a patient who allows signed-in users).
 */
export function DeniedTab({ guest }: { guest: boolean }) {
  return (
    <Stack gap="sm" align="flex-start" className={classes.denied}>
      <Text size="lg" fw={600}>
        {PERMISSOES_MESSAGES.denied}
      </Text>
      {guest && (
        <>
          <Text>
            Se você é médico ou profissional de saúde, entre na sua conta: o paciente pode ter liberado estas
            informações para você.
          </Text>
          <Button component={Link} to={paths.login} size="md" variant="outline">
            Entrar
          </Button>
        </>
      )}
    </Stack>
  );
}

/** Placeholder of a tab while its data loads. */
export function TabSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="md" role="status" aria-label={label}>
      <Skeleton height={28} width="60%" />
      <Skeleton height={20} width="35%" />
      <Skeleton height={64} />
      <Skeleton height={64} />
    </Stack>
  );
}

/** A tab whose answer for this viewer failed while the Emergency tab still shows: the message and a retry. */
export function TabError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Stack gap="sm" align="flex-start" className={classes.denied}>
      <Text size="lg" role="alert">
        {message}
      </Text>
      <Button size="md" onClick={onRetry}>
        Tentar novamente
      </Button>
    </Stack>
  );
}
