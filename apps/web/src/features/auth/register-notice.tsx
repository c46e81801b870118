import { Alert, Text } from '@mantine/core';
import { formatCode } from '@pulso/domain';
import type { VirginCodeState } from './api/get-virgin-code.ts';
import classes from './register-notice.module.css';

/** Tells the patient what happens with the sticker code or company invitation in the URL. */
export function RegisterNotice({ virgin, invited }: { virgin: VirginCodeState; invited: boolean }) {
  if (invited) {
    return (
      <Alert color="blue" title="Convite empresarial">
        Sua conta será vinculada à empresa que enviou o convite.
      </Alert>
    );
  }
  switch (virgin.status) {
    case 'checking':
      return (
        <Text size="sm" role="status">
          Verificando seu código…
        </Text>
      );
    case 'available':
      return (
        <Alert color="blue" title={`Seu código: ${formatCode(virgin.code)}`}>
          Ele será ligado à sua conta quando você concluir o cadastro.
        </Alert>
      );
    case 'unavailable':
      return (
        <Alert color="yellow" title="Código indisponível" classNames={{ title: classes.warningTitle }}>
          Este código não está disponível para cadastro. Você receberá um novo código.
        </Alert>
      );
    default:
      return null;
  }
}
