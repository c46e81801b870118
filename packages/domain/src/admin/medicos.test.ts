import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../auth/schemas.ts';
import { DENUNCIA_NOTA_MAX, DENUNCIA_STATUS_LABELS, DenunciaUpdateSchema } from './denuncias.ts';
import {
  ADMIN_MEDICO_MESSAGES as M,
  MEDICO_LIST_MAX,
  MedicoCreateSchema,
  MedicoEditSchema,
  parseCrm,
  UFS,
} from './medicos.ts';
import {
  ADMIN_PROFISSIONAL_MESSAGES,
  PROFISSIONAL_MOTIVO_MAX,
  ProfissionalReviewSchema,
} from './profissionais.ts';

const base = {
  name: 'Dra. Ana Lima',
  email: 'ana@exemplo.com.br',
  password: '12345678',
  crms: '123456/SP',
  especialidades: [],
  cidade_id: null,
  clinicas: [],
};
const errorsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('parseCrm', () => {
  it('reads numero/UF as councils write it, dropping leading zeros', () => {
    expect(parseCrm('123456/SP')).toEqual({ numero: '123456', uf: 'SP' });
    expect(parseCrm(' CRM 0042-rj ')).toEqual({ numero: '42', uf: 'RJ' });
    expect(parseCrm('1234567890/TO')).toEqual({ numero: '1234567890', uf: 'TO' });
  });
  it('refuses unknown UFs, 11 digits, no number', () => {
    expect(parseCrm('12/XX')).toBeNull();
    expect(parseCrm('12345678901/SP')).toBeNull();
    expect(parseCrm('/SP')).toBeNull();
    expect(parseCrm('123456')).toBeNull();
    expect(UFS).toHaveLength(27);
  });
});

describe('MedicoCreateSchema', () => {
  it('normalises the fields as npm run medico:create does', () => {
    const r = MedicoCreateSchema.parse({
      ...base,
      name: '  Ana   Lima ',
      email: ' ANA@Exemplo.com.br ',
      crms: ['1/SP', { numero: '01', uf: 'sp' }, '2/RJ'],
      especialidades: 'Cardiologia, Pediatria, Cardiologia',
      cidade_id: '3550308',
      clinicas: 'Clínica A;  Clínica   B',
    });
    expect(r).toEqual({
      name: 'Ana Lima',
      email: 'ana@exemplo.com.br',
      password: '12345678',
      crms: [
        { numero: '1', uf: 'SP' },
        { numero: '2', uf: 'RJ' },
      ],
      especialidades: ['Cardiologia', 'Pediatria'],
      cidade_id: 3550308,
      clinicas: ['Clínica A', 'Clínica B'],
      suporte: false,
    });
  });

  it('gives the pt-BR message of each refused field', () => {
    const r = MedicoCreateSchema.safeParse({
      ...base,
      name: ' ',
      email: 'a@b',
      password: '1234567',
      crms: '1/SP, 2/XX',
      cidade_id: '355030',
    });
    expect(errorsOf(r)).toEqual({
      name: AUTH_MESSAGES.name,
      email: AUTH_MESSAGES.emailInvalid,
      password: AUTH_MESSAGES.passwordShort,
      crms: M.crmInvalid,
      cidade_id: M.cidadeInvalid,
    });
  });

  it('needs a CRM except for the support doctor, and a city for clinics', () => {
    expect(errorsOf(MedicoCreateSchema.safeParse({ ...base, crms: '' }))).toEqual({ crms: M.crmRequired });
    expect(MedicoCreateSchema.safeParse({ ...base, crms: [], suporte: true }).success).toBe(true);
    expect(errorsOf(MedicoCreateSchema.safeParse({ ...base, clinicas: ['X'] }))).toEqual({
      cidade_id: M.clinicaSemCidade,
    });
  });

  it('caps lists at the edge', () => {
    const crms = Array.from({ length: MEDICO_LIST_MAX }, (_, i) => `${i + 1}/SP`);
    expect(MedicoEditSchema.safeParse({ ...base, crms }).success).toBe(true);
    expect(MedicoEditSchema.safeParse({ ...base, crms: [...crms, '999/SP'] }).success).toBe(false);
    expect(
      MedicoEditSchema.safeParse({ ...base, clinicas: ['x'.repeat(255)], cidade_id: 3550308 }).success,
    ).toBe(true);
    expect(
      MedicoEditSchema.safeParse({ ...base, clinicas: ['x'.repeat(256)], cidade_id: 3550308 }).success,
    ).toBe(false);
  });
});

describe('DenunciaUpdateSchema', () => {
  it('takes the three statuses and a note up to the limit', () => {
    expect(Object.values(DENUNCIA_STATUS_LABELS)).toEqual(['Aberta', 'Em análise', 'Resolvida']);
    expect(DenunciaUpdateSchema.parse({ status: 'em_analise', nota: '  ' })).toEqual({
      status: 'em_analise',
      nota: null,
    });
    expect(
      DenunciaUpdateSchema.safeParse({ status: 'resolvida', nota: 'x'.repeat(DENUNCIA_NOTA_MAX) }).success,
    ).toBe(true);
    expect(
      DenunciaUpdateSchema.safeParse({ status: 'resolvida', nota: 'x'.repeat(DENUNCIA_NOTA_MAX + 1) })
        .success,
    ).toBe(false);
    expect(DenunciaUpdateSchema.safeParse({ status: 'fechada', nota: null }).success).toBe(false);
  });
});

describe('ProfissionalReviewSchema', () => {
  it('requires a reason to reject and drops it to verify', () => {
    expect(errorsOf(ProfissionalReviewSchema.safeParse({ status: 'rejeitado', motivo: ' ' }))).toEqual({
      motivo: ADMIN_PROFISSIONAL_MESSAGES.motivo,
    });
    expect(ProfissionalReviewSchema.parse({ status: 'verificado', motivo: 'x' })).toEqual({
      status: 'verificado',
      motivo: null,
    });
    const max = 'x'.repeat(PROFISSIONAL_MOTIVO_MAX);
    expect(ProfissionalReviewSchema.parse({ status: 'rejeitado', motivo: max }).motivo).toBe(max);
    expect(ProfissionalReviewSchema.safeParse({ status: 'rejeitado', motivo: `${max}x` }).success).toBe(
      false,
    );
    expect(ProfissionalReviewSchema.safeParse({ status: 'pendente', motivo: null }).success).toBe(false);
  });
});
