import { type AdminMedicoDetail, formatCrm } from '@pulso/domain';
import type { MedicoSwitch } from './medicos-api.ts';

/**
 * What switching `which` of doctor `m` to `ativo` asks before it happens
 * (issue 9 "Doctors"): the confirm dialog's title, text, button and tone.
 */
export function medicoConfirmation(m: AdminMedicoDetail, which: MedicoSwitch, ativo: boolean) {
  if (which === 'verificacao') {
    return ativo
      ? {
          title: 'Verificar CRM',
          text: `Confirme que você conferiu ${m.crms.map(formatCrm).join(', ') || 'o CRM'} no conselho regional. Os pacientes verão ${m.name} como 'Verificado'.`,
          label: 'Verificar',
          tone: 'neutral' as const,
        }
      : {
          title: 'Retirar verificação',
          text: `${m.name} deixará de aparecer como 'Verificado' para os pacientes.`,
          label: 'Retirar verificação',
          tone: 'danger' as const,
        };
  }
  if (which === 'suspensao') {
    return ativo
      ? {
          title: 'Suspender médico',
          text: `${m.name} deixará de aparecer nas buscas e não poderá entrar na área do médico até ser reativado.`,
          label: 'Suspender',
          tone: 'danger' as const,
        }
      : {
          title: 'Reativar médico',
          text: `${m.name} voltará a aparecer para os pacientes e poderá entrar na área do médico.`,
          label: 'Reativar',
          tone: 'neutral' as const,
        };
  }
  return ativo
    ? {
        title: 'Definir como suporte',
        text: `${m.name} passará a ser o médico de suporte, que atende pedidos sem plano, crédito ou passe. Só pode haver um.`,
        label: 'Definir como suporte',
        tone: 'neutral' as const,
      }
    : {
        title: 'Retirar suporte',
        text: `${m.name} deixará de ser o médico de suporte.`,
        label: 'Retirar suporte',
        tone: 'danger' as const,
      };
}
