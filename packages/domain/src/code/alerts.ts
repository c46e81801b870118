import type { ViewerKind } from '../permissoes/permissoes.ts';
import { timeInSaoPaulo } from '../shared/dates.ts';

/** Who opened a code, as an alert names them: the access log's kind, the account's name, whether it is a doctor's. */
export interface AlertViewer {
  kind: ViewerKind;
  name: string | null;
  doctor: boolean;
}

/**
 * How an alert names whoever opened the code (docs/code-alerts.md "Alerts"): 'um visitante' (no account),
 * 'Dr(a). Nome' (a doctor), 'um profissional de saúde' (a registered emergency professional), 'um usuário do
 * Pulso' (any other account).
 */
export function alertViewerLabel(viewer: AlertViewer): string {
  if (viewer.doctor && viewer.name) return `Dr(a). ${viewer.name}`;
  if (viewer.kind === 'health_professional' || viewer.kind === 'own_doctor')
    return 'um profissional de saúde';
  if (viewer.kind === 'other_user') return 'um usuário do Pulso';
  return 'um visitante';
}

/** One alert: the opening it names, and the openings summed into it after that one. */
export interface CodeAlert {
  at: Date | string;
  viewer: AlertViewer;
  /** Further openings told in the same alert (0 when none), the last of them at `lastAt`. */
  more: number;
  lastAt?: Date | string;
}

/**
 * The text of an alert (push body and e-mail; docs/code-alerts.md "Alerts"): 'Seu código Pulso foi aberto às
 * 03:12 por um visitante.', with the rest summed: '… e mais 2 vezes até as 03:20.'. No health data: it reaches a
 * lock screen.
 */
export function codeAlertText(alert: CodeAlert): string {
  const first = `Seu código Pulso foi aberto às ${timeInSaoPaulo(alert.at)} por ${alertViewerLabel(alert.viewer)}`;
  if (alert.more <= 0) return `${first}.`;
  const times = alert.more === 1 ? '1 vez' : `${alert.more} vezes`;
  return `${first} e mais ${times}${alert.lastAt ? ` até as ${timeInSaoPaulo(alert.lastAt)}` : ''}.`;
}

/** The alert of a shared location: 'Quem abriu seu código Pulso às 03:12 compartilhou onde está: {mapa}'. */
export function locationAlertText(at: Date | string, map: string): string {
  return `Quem abriu seu código Pulso às ${timeInSaoPaulo(at)} compartilhou onde está: ${map}`;
}
