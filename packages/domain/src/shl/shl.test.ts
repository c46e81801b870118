import { describe, expect, it } from 'vitest';
import { parseShlLink, SHL_MESSAGES, ShlCreateSchema, shlLink } from './shl.ts';

const KEY = 'A'.repeat(43);

describe('SMART Health Links (docs/smart-health-links.md)', () => {
  it('writes a link that reads back, with a viewer or alone, and Portuguese in the label', () => {
    const payload = {
      url: 'https://pulso.test/api/shl/m/abc',
      key: KEY,
      exp: 1_800_000_000,
      flag: 'P',
      label: 'Viagem à Itália',
      v: 1,
    };
    const link = shlLink('https://pulso.test/shl', payload);
    expect(link).toMatch(/^https:\/\/pulso\.test\/shl#shlink:\/[A-Za-z0-9_-]+$/);
    expect(parseShlLink(link)).toEqual(payload);
    expect(parseShlLink(link.slice(link.indexOf('shlink:/')))).toEqual(payload);
  });

  it('refuses what is not a link, or a payload without its url or a 43-character key', () => {
    expect(parseShlLink('https://pulso.test/shl')).toBeNull();
    expect(parseShlLink('shlink:/%%%')).toBeNull();
    expect(parseShlLink(shlLink('x', { url: 'u', key: 'short' }))).toBeNull();
    expect(parseShlLink(shlLink('x', { key: KEY } as never))).toBeNull();
  });

  it('takes a label of 1 to 80 characters, one of the durations, a passcode of 4 to 40', () => {
    expect(ShlCreateSchema.parse({ label: '  Viagem ', dias: 30 })).toEqual({ label: 'Viagem', dias: 30 });
    expect(ShlCreateSchema.safeParse({ label: 'x'.repeat(80), dias: 1, passcode: '1234' }).success).toBe(
      true,
    );
    const message = (body: object) => ShlCreateSchema.safeParse(body).error?.issues[0]?.message;
    expect(message({ label: 'x'.repeat(81), dias: 1 })).toBe(SHL_MESSAGES.label);
    expect(message({ label: ' ', dias: 1 })).toBe(SHL_MESSAGES.label);
    expect(message({ label: 'a', dias: 2 })).toBe(SHL_MESSAGES.dias);
    expect(message({ label: 'a', dias: 7, passcode: '123' })).toBe(SHL_MESSAGES.passcode);
    expect(message({ label: 'a', dias: 7, passcode: 'x'.repeat(41) })).toBe(SHL_MESSAGES.passcode);
  });
});
