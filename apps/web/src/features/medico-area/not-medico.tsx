import { TELEMEDICINA_MESSAGES } from '@pulso/domain';
import { pageTitles, paths } from '../../app/paths.ts';
import { WrongAccount } from '../auth/wrong-account.tsx';

/** /medico opened with an account that is not a doctor's (`GET /api/medico/me` → 403). */
export function NotMedico() {
  return (
    <WrongAccount
      title={pageTitles.medico}
      message={TELEMEDICINA_MESSAGES.notMedico}
      explanation="A área do médico é só para médicos cadastrados no Pulso. Para usar o Pulso como paciente, vá para o início; para entrar com uma conta de médico, saia desta conta primeiro."
      areaPath={paths.medico}
    />
  );
}
