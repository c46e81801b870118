import { describe, expect, it } from 'vitest';
import { CONVITE_SITUACAO_LABELS, conviteSituacao, EmpresaAtivaSchema } from './empresas.ts';

describe('conviteSituacao', () => {
  const now = new Date('2026-11-24T12:00:00Z');

  it('an unused invitation is available until just before it expires, and without expiry forever', () => {
    expect(conviteSituacao({ used_at: null, expires_at: '2026-11-24T12:00:00.001Z' }, now)).toBe('valido');
    expect(conviteSituacao({ used_at: null, expires_at: null }, now)).toBe('valido');
  });

  it('expires at its expiry instant itself', () => {
    expect(conviteSituacao({ used_at: null, expires_at: '2026-11-24T12:00:00.000Z' }, now)).toBe('expirado');
    expect(conviteSituacao({ used_at: null, expires_at: new Date('2026-01-01') }, now)).toBe('expirado');
  });

  it('used wins over expired', () => {
    expect(
      conviteSituacao({ used_at: '2026-01-01T00:00:00Z', expires_at: '2026-02-01T00:00:00Z' }, now),
    ).toBe('usado');
    expect(CONVITE_SITUACAO_LABELS.usado).toBe('Usado');
  });
});

describe('EmpresaAtivaSchema', () => {
  it('takes a boolean only', () => {
    expect(EmpresaAtivaSchema.parse({ active: false })).toEqual({ active: false });
    expect(EmpresaAtivaSchema.safeParse({ active: 'false' }).success).toBe(false);
  });
});
