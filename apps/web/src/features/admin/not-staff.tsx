import { ADMIN_MESSAGES } from '@pulso/domain';
import { pageTitles, paths } from '../../lib/paths.ts';
import { WrongAccount } from '../../ui/sign-in/wrong-account.tsx';

/** /admin opened with an account that is not staff (`GET /api/admin/me` → 403). */
export function NotStaff() {
  return (
    <WrongAccount
      title={pageTitles.admin}
      message={ADMIN_MESSAGES.notStaff}
      explanation="A administração é só para a equipe do Pulso. Para usar o Pulso como paciente, vá para o início; para entrar com uma conta da equipe, saia desta conta primeiro."
      areaPath={paths.admin}
    />
  );
}
