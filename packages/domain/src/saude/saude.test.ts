import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type FieldErrors, issuesToFieldErrors } from '../shared/errors.ts';
import { applyDigitMask } from '../shared/mask.ts';
import {
  DoencasUpdateSchema,
  HospitalarSchema,
  isValidCns,
  SAUDE_MESSAGES,
  SAUDE_TEXT_MAX,
  SaudeSchema,
} from './saude.ts';
import { SUS_MASK } from './sus.ts';

function errorsOf(schema: z.ZodType, value: unknown): FieldErrors {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`expected ${JSON.stringify(value)} to be rejected`);
  return issuesToFieldErrors(result.error.issues);
}

const M = SAUDE_MESSAGES;

/** Published example of Anvisa's RNI validation rules (a provisional card, `898 0000 0004 3208`). */
const PUBLISHED_CNS = '898000000043208';
// Definitive cards built from a PIS by the routine (000 + dv, and the dv = 10 case: 001 + dv).
const DEFINITIVE_000 = '123456789010000';
const DEFINITIVE_000_DV5 = '123456789000005';
const DEFINITIVE_2 = '200000000010009';
const DEFINITIVE_001 = '123456789100018';
// Provisional cards: weighted sum (15..1) divisible by 11.
const PROVISIONAL_7 = '700000000000005';
const PROVISIONAL_8 = '800123456789017';
const PROVISIONAL_9 = '912345678901239';

describe('isValidCns', () => {
  it.each([
    PUBLISHED_CNS,
    DEFINITIVE_000,
    DEFINITIVE_000_DV5,
    DEFINITIVE_2,
    DEFINITIVE_001,
    PROVISIONAL_7,
    PROVISIONAL_8,
    PROVISIONAL_9,
  ])('accepts %s', (cns) => {
    expect(isValidCns(cns)).toBe(true);
  });

  it('checks the published example by hand: 8·15+9·14+8·13+4·5+3·4+2·3+8·1 = 396 = 36·11', () => {
    expect(8 * 15 + 9 * 14 + 8 * 13 + 4 * 5 + 3 * 4 + 2 * 3 + 8 * 1).toBe(396);
    expect(isValidCns(PUBLISHED_CNS)).toBe(true);
  });

  it.each([
    ['wrong check digit (1/2)', '123456789010001'],
    ['wrong check digit, dv 5 → 6', '123456789000006'],
    ['000 where the routine needs 001', '123456789100008'],
    ['001 where the routine needs 000', '123456789010010'],
    ['a PIS digit changed', '123456789110000'],
    ['provisional 7 off by one', '700000000000006'],
    ['provisional 8 off by one', '800123456789018'],
    ['provisional 9 off by one', '912345678901238'],
    ['the published example with a digit changed', '898000000043209'],
    ['first digit 3 (not a CNS start)', '300000000000005'],
    ['first digit 0', '000000000000000'],
    ['first digit 6', '600000000000000'],
    ['14 digits', '12345678901000'],
    ['16 digits', '1234567890100000'],
    ['masked (the schema strips the mask, not this function)', '123 4567 8901 0000'],
    ['letters', '12345678901000a'],
    ['empty', ''],
  ])('rejects %s', (_why, cns) => {
    expect(isValidCns(cns)).toBe(false);
  });

  it('rejects a valid number with two digits swapped', () => {
    expect(isValidCns('213456789010000')).toBe(false);
    expect(isValidCns('988000000043208')).toBe(false);
  });
});

describe('SaudeSchema', () => {
  it('stores the masked SUS number as 15 digits', () => {
    const masked = applyDigitMask(PUBLISHED_CNS, SUS_MASK);
    expect(masked).toBe('898 0000 0004 3208');
    expect(SaudeSchema.parse({ sus: masked }).sus).toBe(PUBLISHED_CNS);
    expect(SaudeSchema.parse({ sus: DEFINITIVE_001 }).sus).toBe(DEFINITIVE_001);
  });

  it('turns blanks into null and trims free text', () => {
    expect(SaudeSchema.parse({ alergias: '  Dipirona ', sus: ' ', protese: '' })).toEqual({
      alergias: 'Dipirona',
      problemas: null,
      medicamentos: null,
      tratamento: null,
      protese: null,
      sus: null,
    });
  });

  it.each([
    ['an invalid check', { sus: '898000000043209' }],
    ['letters', { sus: '898 0000 0004 320A' }],
    ['too short', { sus: '898 0000 0004' }],
    ['a number', { sus: 898000000043208 }],
  ])('answers the SUS message for %s', (_why, body) => {
    expect(errorsOf(SaudeSchema, body)).toEqual({ sus: [M.sus] });
  });

  it(`accepts ${SAUDE_TEXT_MAX} characters and rejects one more`, () => {
    expect(SaudeSchema.parse({ medicamentos: 'a'.repeat(SAUDE_TEXT_MAX) }).medicamentos).toHaveLength(
      SAUDE_TEXT_MAX,
    );
    for (const field of ['alergias', 'problemas', 'medicamentos', 'tratamento', 'protese']) {
      expect(errorsOf(SaudeSchema, { [field]: 'a'.repeat(SAUDE_TEXT_MAX + 1) })).toEqual({
        [field]: [`Use no máximo ${SAUDE_TEXT_MAX} caracteres`],
      });
    }
  });
});

describe('HospitalarSchema', () => {
  const FULL = {
    convenio_empresa: 'Unimed',
    convenio_numero: '0012345',
    hospital: 'Hospital das Clínicas',
    medico_id: null,
    medico_name: 'Dra. Ana',
    medico_crm: 'CRM-SP 123456',
    medico_especialidade: 'Cardiologia',
  };

  it('accepts the card and keeps the leading zeros of the plan number', () => {
    expect(HospitalarSchema.parse(FULL)).toEqual(FULL);
  });

  it('reads absent or blank fields as null', () => {
    expect(HospitalarSchema.parse({ convenio_numero: '', medico_id: '' })).toEqual({
      convenio_empresa: null,
      convenio_numero: null,
      hospital: null,
      medico_id: null,
      medico_name: null,
      medico_crm: null,
      medico_especialidade: null,
    });
  });

  it.each(['12.345', '12 345', 'ABC123', '-1'])('rejects the plan number %s', (convenio_numero) => {
    expect(errorsOf(HospitalarSchema, { convenio_numero })).toEqual({ convenio_numero: [M.convenio_numero] });
  });

  it.each([
    [1, 1],
    ['7', 7],
  ])('accepts a registered doctor id (%s)', (medico_id, expected) => {
    expect(HospitalarSchema.parse({ ...FULL, medico_id }).medico_id).toBe(expected);
  });

  it.each([0, -1, 1.5, 'abc', '1a'])('rejects the doctor id %s', (medico_id) => {
    expect(errorsOf(HospitalarSchema, { medico_id })).toEqual({ medico_id: [M.medico_id] });
  });
});

describe('DoencasUpdateSchema', () => {
  it('accepts the checklist, ids as numbers or numeric strings', () => {
    expect(
      DoencasUpdateSchema.parse({
        doencas: [
          { id: '2', checked: true },
          { id: 3, checked: false },
        ],
      }),
    ).toEqual({
      doencas: [
        { id: 2, checked: true },
        { id: 3, checked: false },
      ],
    });
    expect(DoencasUpdateSchema.parse({ doencas: [] })).toEqual({ doencas: [] });
  });

  it.each([
    [{}],
    [{ doencas: 'Diabetes' }],
    [{ doencas: [{ id: 0, checked: true }] }],
    [{ doencas: [{ id: 'x', checked: true }] }],
    [{ doencas: [{ id: 1, checked: 'sim' }] }],
  ])('rejects %j with the checklist message', (body) => {
    const errors = errorsOf(DoencasUpdateSchema, body);
    expect(Object.values(errors).flat()).toContain(M.doencas);
  });
});
