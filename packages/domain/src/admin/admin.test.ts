import { describe, expect, it } from 'vitest';
import { ADMIN_CAPABILITIES, isStaffRole, STAFF_ROLE_LABELS, STAFF_ROLES, staffCan } from './admin.ts';

describe('staffCan (issue 9 "Access": admin allowed, support limited)', () => {
  it('lets an admin use every area', () => {
    for (const capability of ADMIN_CAPABILITIES) expect(staffCan('admin', capability)).toBe(true);
  });

  it('lets support use the dashboard, orders, reports and read the doctors, and nothing else', () => {
    const allowed = ADMIN_CAPABILITIES.filter((c) => staffCan('support', c));
    expect(allowed).toEqual(['painel', 'pedidos', 'denuncias', 'medicos.ver']);
  });
});

describe('isStaffRole', () => {
  it('knows the two roles, with pt-BR names, and nothing else', () => {
    expect(STAFF_ROLES.map((r) => STAFF_ROLE_LABELS[r])).toEqual(['Administrador', 'Suporte']);
    expect(isStaffRole('admin')).toBe(true);
    expect(isStaffRole('support')).toBe(true);
    expect(isStaffRole('Admin')).toBe(false);
    expect(isStaffRole('medico')).toBe(false);
    expect(isStaffRole(null)).toBe(false);
  });
});
