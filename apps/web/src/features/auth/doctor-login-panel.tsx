import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';

/** 'Médico' tab of the login (docs/accounts.md "Sign-in"): doctors sign in at their own area, /medico. */
export function DoctorLoginPanel() {
  return (
    <Stack gap="md">
      <Text>
        Médicos cadastrados no Pulso atendem seus pacientes pela área do médico, com acesso e recursos
        próprios.
      </Text>
      <Button component={Link} to={paths.medico} variant="outline" fullWidth size="md">
        Ir para a área do médico
      </Button>
    </Stack>
  );
}
