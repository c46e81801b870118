/**
 * The staff back-office (issue 9 "Access"): staff accounts have a role,
 * `admin` or `support`; the admin area (`/admin`, `/api/admin/*`) answers
 * 403 to every other account. What each role may do is decided here, once,
 * for the server's checks and the web's navigation.
 */

/** Staff roles (issue 9): `admin` runs everything; `support` answers patients and handles orders and reports. */
export const STAFF_ROLES = ['admin', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** pt-BR names of the roles. */
export const STAFF_ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  admin: 'Administrador',
  support: 'Suporte',
};

/** The areas of the admin back-office, each a capability a role has or not. */
export const ADMIN_CAPABILITIES = [
  'painel',
  'pedidos',
  'denuncias',
  'medicos.ver',
  'medicos.editar',
  'lotes',
  'profissionais',
  'empresas',
  'conteudo',
  'auditoria',
] as const;
export type AdminCapability = (typeof ADMIN_CAPABILITIES)[number];

/** What `support` may do: the dashboard, sticker orders, reports, and reading the doctors. */
const SUPPORT_CAPABILITIES: ReadonlySet<AdminCapability> = new Set<AdminCapability>([
  'painel',
  'pedidos',
  'denuncias',
  'medicos.ver',
]);

/** Whether `role` may use `capability` (an admin may use all; support the four of its own). */
export function staffCan(role: StaffRole, capability: AdminCapability): boolean {
  return role === 'admin' || SUPPORT_CAPABILITIES.has(capability);
}

/** Whether `value` is a staff role. */
export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** pt-BR messages of the admin area. */
export const ADMIN_MESSAGES = {
  /** 403 to every account that is not staff. */
  notStaff: 'Esta conta não é da equipe do Pulso.',
  /** 403 to a support account asking for an admin-only action. */
  notAllowed: 'Seu perfil de suporte não permite esta ação.',
} as const;
