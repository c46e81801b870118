import { describe, expect, it } from 'vitest';
import {
  COMPANY_MESSAGES,
  CompanyCreateSchema,
  formatCnpj,
  INVITATION_TOKEN_PATTERN,
  InvitationsCreateSchema,
  invitationUrl,
  isValidCnpj,
  looksLikeInvitationToken,
  MAX_INVITATION_DAYS,
  MAX_INVITATIONS_PER_BATCH,
  normalizeCnpj,
  parseCnpj,
} from './empresas.ts';

describe('parseCnpj', () => {
  it('accepts a valid numeric CNPJ, masked or not, and answers it unmasked', () => {
    expect(parseCnpj('11.222.333/0001-81')).toBe('11222333000181');
    expect(parseCnpj('11222333000181')).toBe('11222333000181');
    expect(parseCnpj(' 11 222 333 0001 81 ')).toBe('11222333000181');
  });

  it('refuses a wrong first or second check digit', () => {
    expect(parseCnpj('11222333000191')).toBeNull();
    expect(parseCnpj('11222333000180')).toBeNull();
    expect(parseCnpj('11222333000182')).toBeNull();
  });

  it('computes a check digit of 0 when the remainder is below 2', () => {
    expect(parseCnpj('10000000000900')).toBe('10000000000900');
    expect(parseCnpj('10000000000307')).toBe('10000000000307');
    expect(parseCnpj('10000000000901')).toBeNull();
  });

  it('refuses 13 or 15 characters and other characters than the mask', () => {
    expect(parseCnpj('1122233300018')).toBeNull();
    expect(parseCnpj('112223330001811')).toBeNull();
    expect(parseCnpj('11222333000181x')).toBeNull();
    expect(parseCnpj('11_222_333_0001_81')).toBeNull();
    expect(parseCnpj('')).toBeNull();
  });

  it('refuses one repeated character although its check digits add up', () => {
    expect(parseCnpj('00000000000000')).toBeNull();
    expect(parseCnpj('11111111111111')).toBeNull();
    expect(parseCnpj('99.999.999/9999-99')).toBeNull();
  });

  it("accepts the Receita Federal's alphanumeric example and refuses letters in the check digits", () => {
    expect(parseCnpj('12.ABC.345/01DE-35')).toBe('12ABC34501DE35');
    expect(parseCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(parseCnpj('12ABC34501DE36')).toBeNull();
    expect(parseCnpj('12ABC34501DE3A')).toBeNull();
  });

  it('isValidCnpj, normalizeCnpj and formatCnpj agree', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(normalizeCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCnpj('123')).toBe('123');
  });
});

describe('invitation tokens and links', () => {
  const token = `${'A'.repeat(21)}-_${'z9'.repeat(10)}`;

  it('the token pattern is 43 base64url characters', () => {
    expect(token).toHaveLength(43);
    expect(INVITATION_TOKEN_PATTERN.test(token)).toBe(true);
    expect(INVITATION_TOKEN_PATTERN.test(token.slice(1))).toBe(false);
    expect(INVITATION_TOKEN_PATTERN.test(`${token.slice(1)}=`)).toBe(false);
  });

  it('tells a token from a sticker code in /register/…', () => {
    expect(looksLikeInvitationToken(token)).toBe(true);
    expect(looksLikeInvitationToken(token.slice(0, 20))).toBe(true);
    expect(looksLikeInvitationToken(token.slice(0, 19))).toBe(false);
    expect(looksLikeInvitationToken('123AB456')).toBe(false);
    expect(looksLikeInvitationToken('123-ab-456')).toBe(false);
    expect(looksLikeInvitationToken(`${'a'.repeat(30)}%20`)).toBe(false);
  });

  it('builds the /registerCompany link from the public origin', () => {
    expect(invitationUrl('https://pulso.app/', token)).toBe(`https://pulso.app/registerCompany/${token}`);
    expect(invitationUrl('http://localhost:3000', 'abc')).toBe('http://localhost:3000/registerCompany/abc');
  });
});

describe('CompanyCreateSchema', () => {
  it('trims the name and answers the CNPJ unmasked, or none', () => {
    expect(CompanyCreateSchema.parse({ nome: '  Empresa X  ', cnpj: '11.222.333/0001-81' })).toEqual({
      nome: 'Empresa X',
      cnpj: '11222333000181',
    });
    expect(CompanyCreateSchema.parse({ nome: 'Empresa X' })).toEqual({ nome: 'Empresa X' });
    expect(CompanyCreateSchema.parse({ nome: 'Empresa X', cnpj: '  ' })).toEqual({ nome: 'Empresa X' });
  });

  it.each([
    [{ nome: '   ' }, 'nome', COMPANY_MESSAGES.nome],
    [{ nome: 'x'.repeat(256) }, 'nome', COMPANY_MESSAGES.nome],
    [{ nome: 'Empresa', cnpj: '11222333000182' }, 'cnpj', COMPANY_MESSAGES.cnpj],
    [{ nome: 'Empresa', cnpj: '00000000000000' }, 'cnpj', COMPANY_MESSAGES.cnpj],
  ])('refuses %j', (input, field, message) => {
    const result = CompanyCreateSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[field, message]]);
  });

  it('accepts a name of exactly 255 characters', () => {
    expect(CompanyCreateSchema.parse({ nome: 'x'.repeat(255) }).nome).toHaveLength(255);
  });
});

describe('InvitationsCreateSchema', () => {
  it('accepts the edges of count and days and lower-cases the e-mail', () => {
    expect(InvitationsCreateSchema.parse({ count: 1 })).toEqual({ count: 1 });
    expect(
      InvitationsCreateSchema.parse({
        count: MAX_INVITATIONS_PER_BATCH,
        email: ' RH@Empresa.com.br ',
        expiresInDays: MAX_INVITATION_DAYS,
      }),
    ).toEqual({ count: 1000, email: 'rh@empresa.com.br', expiresInDays: 3650 });
    expect(InvitationsCreateSchema.parse({ count: 2, expiresInDays: 1 }).expiresInDays).toBe(1);
  });

  it.each([
    [{ count: 0 }, 'count', COMPANY_MESSAGES.count],
    [{ count: 1001 }, 'count', COMPANY_MESSAGES.count],
    [{ count: 1.5 }, 'count', COMPANY_MESSAGES.count],
    [{ count: Number.NaN }, 'count', COMPANY_MESSAGES.count],
    [{ count: 1, email: 'rh@empresa' }, 'email', COMPANY_MESSAGES.email],
    [{ count: 1, expiresInDays: 0 }, 'expiresInDays', COMPANY_MESSAGES.expiresInDays],
    [{ count: 1, expiresInDays: 3651 }, 'expiresInDays', COMPANY_MESSAGES.expiresInDays],
  ])('refuses %j', (input, field, message) => {
    const result = InvitationsCreateSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path.join('.')).toBe(field);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
