import { TELEMEDICINA_MESSAGES } from '@pulso/domain';
import { pageTitles, paths } from '../../lib/paths.ts';
import { WrongAccount } from '../../ui/sign-in/wrong-account.tsx';

/**
 * /medico opened with an account that is not a doctor's, or a suspended
 * doctor's (`GET /api/medico/me` → 403): the server's `message`, by default
 * 'Esta conta não é de um médico.'.
 */
export function NotMedico({ message = TELEMEDICINA_MESSAGES.notMedico }: { message?: string }) {
  return (
    <WrongAccount
      title={pageTitles.medico}
      message={message}
      explanation="A área do médico é só para médicos cadastrados no Pulso. Para usar o Pulso como paciente, vá para o início; para entrar com uma conta de médico, saia desta conta primeiro."
      areaPath={paths.medico}
    />
  );
}
