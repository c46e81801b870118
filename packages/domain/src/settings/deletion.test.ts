import { describe, expect, it } from 'vitest';
import { issuesToFieldErrors } from '../shared/errors.ts';
import {
  DELETION_CONFIRMATION,
  DELETION_MESSAGES,
  DeleteAccountSchema,
  deletionDueAt,
  deletionGraceStart,
} from './deletion.ts';

function errorsOf(value: unknown) {
  const result = DeleteAccountSchema.safeParse(value);
  if (result.success) throw new Error(`expected ${JSON.stringify(value)} to be rejected`);
  return issuesToFieldErrors(result.error.issues);
}

describe('DeleteAccountSchema (docs/account-deletion.md "Asking")', () => {
  it('accepts the password and the word typed exactly, spaces around it ignored', () => {
    expect(DELETION_CONFIRMATION).toBe('EXCLUIR');
    for (const confirmacao of ['EXCLUIR', ' EXCLUIR', 'EXCLUIR \n']) {
      expect(DeleteAccountSchema.safeParse({ password: 's', confirmacao }).success).toBe(true);
    }
  });

  it('refuses any other word: lower case, one letter short or long, inner spaces, empty, missing', () => {
    for (const confirmacao of ['excluir', 'Excluir', 'EXCLUI', 'EXCLUIRR', 'EX CLUIR', '', undefined, 7]) {
      expect(errorsOf({ password: 's', confirmacao })).toEqual({
        confirmacao: [DELETION_MESSAGES.confirmacao],
      });
    }
    expect(errorsOf({ password: 's', confirmacao: 'E'.repeat(101) })).toEqual({
      confirmacao: [DELETION_MESSAGES.confirmacao],
    });
  });

  it('asks for the password (empty or missing), and reads 1024 characters at most', () => {
    expect(errorsOf({ password: '', confirmacao: 'EXCLUIR' })).toEqual({
      password: [DELETION_MESSAGES.password],
    });
    expect(errorsOf({ confirmacao: 'EXCLUIR' })).toEqual({ password: [DELETION_MESSAGES.password] });
    expect(
      DeleteAccountSchema.safeParse({ password: 'x'.repeat(1024), confirmacao: 'EXCLUIR' }).success,
    ).toBe(true);
    expect(errorsOf({ password: 'x'.repeat(1025), confirmacao: 'EXCLUIR' })).toEqual({
      password: ['Senha incorreta'],
    });
  });

  it('erases 7 days (168 hours) after the request', () => {
    const at = new Date('2026-11-28T22:00:00Z');
    expect(deletionDueAt(at).toISOString()).toBe('2026-12-05T22:00:00.000Z');
  });

  it('starts the grace 7 days before now: a request at that instant is due, one a millisecond later is not', () => {
    const now = new Date('2026-12-05T22:00:00Z');
    const start = deletionGraceStart(now);
    expect(start.toISOString()).toBe('2026-11-28T22:00:00.000Z');
    expect(deletionDueAt(start).getTime()).toBe(now.getTime());
    expect(deletionDueAt(new Date(start.getTime() + 1)).getTime()).toBeGreaterThan(now.getTime());
  });
});
