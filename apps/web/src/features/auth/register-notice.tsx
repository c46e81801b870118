import { Alert, Text } from '@mantine/core';
import { formatCode } from '@pulso/domain';
import type { VirginCodeState } from './api/get-virgin-code.ts';
import classes from './register-notice.module.css';

/** Tells the patient what happens with the sticker code or company invitation in the URL. */
export function RegisterNotice({ virgin, company }: { virgin: VirginCodeState; company: string | null }) {
  if (company !== null) {
    return (
      <Alert color="blue" title={`Convite de ${company}`}>
        Sua conta será empresarial, vinculada à empresa {company}.
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
