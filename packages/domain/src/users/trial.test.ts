import { describe, expect, it } from 'vitest';
import { trialDaysLeft, trialEndsAt, trialMessage } from './trial.ts';

describe('trialEndsAt', () => {
  it('ends one calendar month after the account was made, to the millisecond', () => {
    expect(trialEndsAt('2026-11-27T15:00:00.000Z').toISOString()).toBe('2026-12-27T15:00:00.000Z');
    expect(trialEndsAt(new Date('2026-12-15T03:00:00.000Z')).toISOString()).toBe('2027-01-15T03:00:00.000Z');
  });

  it('rolls over a month that has no such day (31 January → 3 March)', () => {
    expect(trialEndsAt('2026-01-31T12:00:00.000Z').toISOString()).toBe('2026-03-03T12:00:00.000Z');
  });
});

describe('trialDaysLeft', () => {
  const created = '2026-11-01T12:00:00.000Z';

  it('counts a part of a day as a day, and 0 from the end on', () => {
    expect(trialDaysLeft(created, new Date('2026-11-01T12:00:00.000Z'))).toBe(30);
    expect(trialDaysLeft(created, new Date('2026-11-30T12:00:00.000Z'))).toBe(1);
    expect(trialDaysLeft(created, new Date('2026-12-01T11:59:59.999Z'))).toBe(1);
    expect(trialDaysLeft(created, new Date('2026-12-01T12:00:00.000Z'))).toBe(0);
    expect(trialDaysLeft(created, new Date('2027-02-01T00:00:00.000Z'))).toBe(0);
  });
});

describe('trialMessage', () => {
  const created = '2026-11-01T15:00:00.000Z';

  it("says the day it ends, in São Paulo, and the days left ('1 dia' in the singular)", () => {
    expect(trialMessage(created, new Date('2026-11-01T15:00:00.000Z'))).toBe(
      'Seu período gratuito termina em 01/12/2026 (30 dias)',
    );
    expect(trialMessage(created, new Date('2026-11-30T16:00:00.000Z'))).toBe(
      'Seu período gratuito termina em 01/12/2026 (1 dia)',
    );
  });

  it("says 'hoje' on its last day, and that it ended after", () => {
    expect(trialMessage(created, new Date('2026-12-01T10:00:00.000Z'))).toBe(
      'Seu período gratuito termina hoje.',
    );
    expect(trialMessage(created, new Date('2026-12-01T15:00:00.000Z'))).toBe(
      'Seu período gratuito de 1 mês terminou.',
    );
  });

  it('dates the end in São Paulo: 01:00 UTC is still the day before there', () => {
    expect(trialMessage('2026-11-01T01:00:00.000Z', new Date('2026-11-10T12:00:00.000Z'))).toBe(
      'Seu período gratuito termina em 30/11/2026 (21 dias)',
    );
  });
});
