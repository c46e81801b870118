import { ACCESS_TAB_LABELS, type AcessoView, VIEWER_KIND_LABELS } from '@pulso/domain';

/**
 * Who opened the code, as the row names them: the account's name with its
 * kind ('Seu médico', 'Usuário do Pulso'…), 'Você' for the patient, and
 * 'Visitante (sem conta)' for a visitor.
 */
export function acessoViewer(acesso: AcessoView): { title: string; detail: string | null } {
  const { viewer } = acesso;
  if (!viewer) return { title: VIEWER_KIND_LABELS.guest, detail: null };
  if (viewer.kind === 'self') return { title: VIEWER_KIND_LABELS.self, detail: null };
  return { title: viewer.name, detail: VIEWER_KIND_LABELS[viewer.kind] };
}

/** The tabs served, labelled in the order of the public view. */
export function acessoTabLabels(acesso: AcessoView): string[] {
  return acesso.tabs.map((tab) => ACCESS_TAB_LABELS[tab]);
}

/** '3 acessos', or '20 de 45 acessos' while more can be loaded. */
export function acessosCountLine(loaded: number, total: number): string {
  const all = Math.max(total, loaded);
  const noun = all === 1 ? 'acesso' : 'acessos';
  return loaded < all ? `${loaded} de ${all} ${noun}` : `${all} ${noun}`;
}
