import { Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePermissoes } from '../../features/permissoes/api/get-permissoes.ts';
import { useUpdatePermissoes } from '../../features/permissoes/api/update-permissoes.ts';
import { paths } from '../../lib/paths.ts';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import classes from './allergies-prompt.module.css';

/** localStorage key of the prompt dismissed by one account on this device. */
export function allergiesPromptKey(userId: number): string {
  return `pulso.aviso-alergias.${userId}`;
}

function dismissed(userId: number): boolean {
  try {
    return window.localStorage.getItem(allergiesPromptKey(userId)) !== null;
  } catch {
    return false;
  }
}

/**
 * On /home, while the Emergency tab's allergies strip is off (the default;
 * docs/authorization.md): tells the patient that a rescuer who reads their
 * code does not see their allergies, medications and conditions, and offers
 * to show them there at once ('Mostrar na aba Emergência', `PUT
 * /api/permissoes/emergencia {emergencia_saude: true}`) or to put it off
 * ('Agora não', remembered on this device for this account). Nothing while
 * the permissions load or when they cannot be read.
 */
export function AllergiesPrompt({ userId }: { userId: number }) {
  const permissoes = usePermissoes();
  const update = useUpdatePermissoes();
  const snackbar = useSnackbar();
  const [hidden, setHidden] = useState(() => dismissed(userId));

  if (hidden || !permissoes.data || permissoes.data.permissoes.emergencia_saude) return null;

  const dismiss = () => {
    try {
      window.localStorage.setItem(allergiesPromptKey(userId), new Date().toISOString());
    } catch {
      // Private mode without storage: hidden for this visit only.
    }
    setHidden(true);
  };
  const turnOn = () =>
    update.mutate(
      { emergencia_saude: true },
      {
        onSuccess: ({ message }) => snackbar.success(message),
        onError: (error) => snackbar.error(error),
      },
    );

  return (
    <Paper
      component="section"
      aria-labelledby="aviso-alergias"
      withBorder
      radius="md"
      p="md"
      className={classes.prompt}
    >
      <Text id="aviso-alergias" component="h2" fw={700} size="lg">
        Quem socorrer você ainda não vê suas alergias
      </Text>
      <Text>
        Suas alergias, seus medicamentos e suas doenças só aparecem na aba Emergência do seu código quando
        você permitir. Hoje, um socorrista que ler seu QR Code não os vê. Você pode mudar isso quando quiser
        em <Link to={paths.permissoes}>Permissões</Link>.
      </Text>
      <Group gap="sm">
        <Button onClick={turnOn} loading={update.isPending} color="red.9">
          Mostrar na aba Emergência
        </Button>
        <Button variant="outline" color="dark" onClick={dismiss} disabled={update.isPending}>
          Agora não
        </Button>
      </Group>
    </Paper>
  );
}
