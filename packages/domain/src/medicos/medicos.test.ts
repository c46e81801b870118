import { describe, expect, it } from 'vitest';
import {
  CrmSchema,
  formatCrm,
  hospitalarDoctorFields,
  MEDICO_SEARCH_LIMIT,
  MEDICO_SEARCH_MIN_LENGTH,
  type MedicoOption,
  MedicoOptionSchema,
} from './medicos.ts';

const medico: MedicoOption = {
  id: 7,
  name: 'José Carvalho',
  especialidade: 'Cardiologia',
  crms: [
    { numero: '123456', uf: 'SP' },
    { numero: '9988', uf: 'RJ' },
  ],
};

describe('doctor autocomplete constants', () => {
  it('searches from 2 characters (docs/telemedicine.md "Doctor autocomplete") and answers at most 10', () => {
    expect(MEDICO_SEARCH_MIN_LENGTH).toBe(2);
    expect(MEDICO_SEARCH_LIMIT).toBe(10);
  });
});

describe('formatCrm', () => {
  it('writes the registration the way Brazilian doctors do', () => {
    expect(formatCrm({ numero: '123456', uf: 'SP' })).toBe('CRM/SP 123456');
    expect(formatCrm({ numero: '1', uf: 'AC' })).toBe('CRM/AC 1');
  });
});

describe('CrmSchema', () => {
  it('requires a two-letter UF', () => {
    expect(CrmSchema.safeParse({ numero: '123', uf: 'SP' }).success).toBe(true);
    expect(CrmSchema.safeParse({ numero: '123', uf: 'S' }).success).toBe(false);
    expect(CrmSchema.safeParse({ numero: '123', uf: 'SPX' }).success).toBe(false);
  });
});

describe('hospitalarDoctorFields', () => {
  it('copies the id, the name, the first CRM and the specialty', () => {
    expect(hospitalarDoctorFields(MedicoOptionSchema.parse(medico))).toEqual({
      medico_id: 7,
      medico_name: 'José Carvalho',
      medico_crm: 'CRM/SP 123456',
      medico_especialidade: 'Cardiologia',
    });
  });

  it('leaves CRM and specialty null when the record has none', () => {
    expect(hospitalarDoctorFields({ id: 3, name: 'Ana Lima', especialidade: null, crms: [] })).toEqual({
      medico_id: 3,
      medico_name: 'Ana Lima',
      medico_crm: null,
      medico_especialidade: null,
    });
  });

  it('handles a CRM without a specialty and a specialty without a CRM', () => {
    expect(hospitalarDoctorFields({ ...medico, especialidade: null })).toMatchObject({
      medico_crm: 'CRM/SP 123456',
      medico_especialidade: null,
    });
    expect(hospitalarDoctorFields({ ...medico, crms: [] })).toMatchObject({
      medico_crm: null,
      medico_especialidade: 'Cardiologia',
    });
  });
});

describe('MedicoOptionSchema', () => {
  it('parses an option with and without CRMs and specialty', () => {
    expect(MedicoOptionSchema.parse(medico)).toEqual(medico);
    const bare = { ...medico, especialidade: null, crms: [] };
    expect(MedicoOptionSchema.parse(bare)).toEqual(bare);
  });

  it("strips fields outside the option (e-mail, password hash, status, the CRM's row id)", () => {
    const parsed = MedicoOptionSchema.parse({
      ...medico,
      email: 'jose@exemplo.com',
      password_hash: '$argon2id$v=19$...',
      status: 2,
      suspenso: false,
      crms: [{ id: 1, medico_id: 7, numero: '123456', uf: 'SP' }],
    });
    expect(parsed).toEqual({ ...medico, crms: [{ numero: '123456', uf: 'SP' }] });
    for (const key of ['email', 'password_hash', 'status', 'suspenso'])
      expect(parsed).not.toHaveProperty(key);
  });

  it('rejects a missing name or a non-integer id', () => {
    const { name: _omitted, ...withoutName } = medico;
    expect(MedicoOptionSchema.safeParse(withoutName).success).toBe(false);
    expect(MedicoOptionSchema.safeParse({ ...medico, id: 1.5 }).success).toBe(false);
  });
});
