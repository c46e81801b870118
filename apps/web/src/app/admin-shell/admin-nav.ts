import type { AdminCapability } from '@pulso/domain';
import type { AdminPathKey } from '../../lib/paths.ts';
import type { IconName } from '../../ui/icon.tsx';

/** One section of the admin area: its path, icon and the capability that opens it. */
export interface AdminNavEntry {
  key: AdminPathKey;
  icon: IconName;
  capability: AdminCapability;
}

/** The admin area's sections in navigation order (issue 9); the shell shows those the role reaches. */
export const adminNavEntries: readonly AdminNavEntry[] = [
  { key: 'admin', icon: 'chart', capability: 'painel' },
  { key: 'adminPedidos', icon: 'inbox', capability: 'pedidos' },
  { key: 'adminLotes', icon: 'qrcode', capability: 'lotes' },
  { key: 'adminMedicos', icon: 'heart', capability: 'medicos.ver' },
  { key: 'adminDenuncias', icon: 'help', capability: 'denuncias' },
  { key: 'adminProfissionais', icon: 'emergency', capability: 'profissionais' },
  { key: 'adminEmpresas', icon: 'card', capability: 'empresas' },
  { key: 'adminConteudo', icon: 'file', capability: 'conteudo' },
  { key: 'adminPlanos', icon: 'star', capability: 'conteudo' },
  { key: 'adminAuditoria', icon: 'timeline', capability: 'auditoria' },
];
