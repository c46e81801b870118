/// <reference types="node" />
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CODE_INCOMPLETE_MESSAGE,
  CODE_LENGTH,
  CODE_MASK,
  codeUrl,
  FOREIGN_QR_MESSAGE,
  formatCode,
  generateCode,
  isCanonicalCode,
  normalizeCode,
  parseCode,
  readScannedCode,
} from './code.ts';

const ORIGIN = 'https://pulso.app';
const foreign = { ok: false, message: FOREIGN_QR_MESSAGE };

describe('code constants', () => {
  it('match docs/codes.md "Personal code" and "Typing a code"', () => {
    expect(CODE_LENGTH).toBe(8);
    expect(CODE_MASK).toBe('000 aa 000');
    expect(CODE_INCOMPLETE_MESSAGE).toBe('Digite o código completo');
    expect(FOREIGN_QR_MESSAGE).toBe('Este QR Code não foi gerado por esta aplicação');
  });
});

describe('normalizeCode', () => {
  it('strips spaces and hyphens and upper-cases letters', () => {
    expect(normalizeCode(' 123 ab-456 ')).toBe('123AB456');
    expect(normalizeCode('123-AB-456')).toBe('123AB456');
    expect(normalizeCode('123\tab\n456')).toBe('123AB456');
  });

  it('strips a non-breaking space pasted from a document', () => {
    expect(normalizeCode('123\u00a0AB\u00a0456')).toBe('123AB456');
  });

  it('keeps other characters so that validation can reject them', () => {
    expect(normalizeCode('123.AB.456')).toBe('123.AB.456');
    expect(normalizeCode('')).toBe('');
  });
});

describe('isCanonicalCode', () => {
  it('accepts 3 digits, 2 upper-case letters, 3 digits', () => {
    expect(isCanonicalCode('123AB456')).toBe(true);
    expect(isCanonicalCode('000AA000')).toBe(true);
    expect(isCanonicalCode('999ZZ999')).toBe(true);
  });

  it('rejects lower case, spaces and the wrong shape', () => {
    expect(isCanonicalCode('123ab456')).toBe(false);
    expect(isCanonicalCode('123 AB 456')).toBe(false);
    expect(isCanonicalCode('123AB45')).toBe(false);
    expect(isCanonicalCode('123AB4567')).toBe(false);
    expect(isCanonicalCode('12ABC456')).toBe(false);
    expect(isCanonicalCode('1234B456')).toBe(false);
    expect(isCanonicalCode('ABC12DEF')).toBe(false);
    expect(isCanonicalCode('123ÁB456')).toBe(false);
    expect(isCanonicalCode('')).toBe(false);
  });
});

describe('parseCode', () => {
  it('accepts every spelling the rulings allow', () => {
    expect(parseCode('123AB456')).toBe('123AB456');
    expect(parseCode('123 AB 456')).toBe('123AB456');
    expect(parseCode('123-ab-456')).toBe('123AB456');
    expect(parseCode('  123ab456  ')).toBe('123AB456');
  });

  it('answers null for an incomplete or malformed code', () => {
    expect(parseCode('123 AB 45')).toBeNull();
    expect(parseCode('123 AB 4567')).toBeNull();
    expect(parseCode('123.AB.456')).toBeNull();
    expect(parseCode('12A AB 456')).toBeNull();
    expect(parseCode('')).toBeNull();
    expect(parseCode('   ')).toBeNull();
  });
});

describe('formatCode', () => {
  it('shows a canonical code as ### AA ###', () => {
    expect(formatCode('123AB456')).toBe('123 AB 456');
  });

  it('normalises before formatting', () => {
    expect(formatCode('123-ab-456')).toBe('123 AB 456');
    expect(formatCode('123 ab 456')).toBe('123 AB 456');
  });

  it('returns the normalised input when it does not have 8 characters', () => {
    expect(formatCode('123ab45')).toBe('123AB45');
    expect(formatCode('123ab4567')).toBe('123AB4567');
    expect(formatCode('')).toBe('');
  });
});

describe('generateCode', () => {
  it('draws digit, digit, digit, letter, letter, digit, digit, digit from the random source', () => {
    const draws: number[] = [];
    const values = [1, 2, 3, 0, 25, 4, 5, 6];
    let i = 0;
    const code = generateCode((max) => {
      draws.push(max);
      return values[i++] as number;
    });
    expect(code).toBe('123AZ456');
    expect(draws).toEqual([10, 10, 10, 26, 26, 10, 10, 10]);
  });

  it('reaches the lowest and highest values of every position', () => {
    expect(generateCode(() => 0)).toBe('000AA000');
    expect(generateCode((max) => max - 1)).toBe('999ZZ999');
  });

  it('always gives a canonical code with node:crypto randomInt', () => {
    const seen = new Set<string>();
    for (let n = 0; n < 1000; n++) {
      const code = generateCode((max) => randomInt(max));
      expect(code).toMatch(/^\d{3}[A-Z]{2}\d{3}$/);
      expect(isCanonicalCode(code)).toBe(true);
      seen.add(code);
    }
    // 10^6 × 26^2 possible codes: 1000 draws colliding more than a handful of times means a broken source.
    expect(seen.size).toBeGreaterThan(990);
  });
});

describe('codeUrl', () => {
  it('encodes {origin}/code/{code} with the canonical code', () => {
    expect(codeUrl(ORIGIN, '123AB456')).toBe('https://pulso.app/code/123AB456');
    expect(codeUrl(ORIGIN, '123 ab-456')).toBe('https://pulso.app/code/123AB456');
  });

  it('does not double the slash when the origin ends with one', () => {
    expect(codeUrl('https://pulso.app/', '123AB456')).toBe('https://pulso.app/code/123AB456');
    expect(codeUrl('https://pulso.app//', '123AB456')).toBe('https://pulso.app/code/123AB456');
  });

  it('keeps a port in the origin', () => {
    expect(codeUrl('http://localhost:3000', '123AB456')).toBe('http://localhost:3000/code/123AB456');
  });

  it('round-trips through readScannedCode', () => {
    expect(readScannedCode(codeUrl(ORIGIN, '123ab456'), ORIGIN)).toEqual({ ok: true, code: '123AB456' });
  });
});

describe('readScannedCode', () => {
  it('accepts a code of the same origin', () => {
    expect(readScannedCode('https://pulso.app/code/123AB456', ORIGIN)).toEqual({
      ok: true,
      code: '123AB456',
    });
  });

  it('accepts the app origin written with a trailing slash', () => {
    expect(readScannedCode('https://pulso.app/code/123AB456', 'https://pulso.app/')).toEqual({
      ok: true,
      code: '123AB456',
    });
  });

  it('accepts a payload with surrounding whitespace', () => {
    expect(readScannedCode('  https://pulso.app/code/123AB456\n', ORIGIN)).toEqual({
      ok: true,
      code: '123AB456',
    });
  });

  it('accepts a trailing slash after the code', () => {
    expect(readScannedCode('https://pulso.app/code/123AB456/', ORIGIN)).toEqual({
      ok: true,
      code: '123AB456',
    });
  });

  it('accepts a lower-case code and answers it canonical', () => {
    expect(readScannedCode('https://pulso.app/code/123ab456', ORIGIN)).toEqual({
      ok: true,
      code: '123AB456',
    });
  });

  it('accepts a code with encoded spaces or hyphens', () => {
    expect(readScannedCode('https://pulso.app/code/123%20AB%20456', ORIGIN)).toEqual({
      ok: true,
      code: '123AB456',
    });
    expect(readScannedCode('https://pulso.app/code/123-ab-456', ORIGIN)).toEqual({
      ok: true,
      code: '123AB456',
    });
  });

  it('accepts an upper-case host, which URL normalises', () => {
    expect(readScannedCode('HTTPS://PULSO.APP/code/123AB456', ORIGIN)).toEqual({
      ok: true,
      code: '123AB456',
    });
  });

  it('rejects another origin', () => {
    expect(readScannedCode('https://evil.example/code/123AB456', ORIGIN)).toEqual(foreign);
    expect(readScannedCode('https://pulso.app.evil.example/code/123AB456', ORIGIN)).toEqual(foreign);
    expect(readScannedCode('https://sub.pulso.app/code/123AB456', ORIGIN)).toEqual(foreign);
  });

  it('rejects the same host on another scheme or port', () => {
    expect(readScannedCode('http://pulso.app/code/123AB456', ORIGIN)).toEqual(foreign);
    expect(readScannedCode('https://pulso.app:8443/code/123AB456', ORIGIN)).toEqual(foreign);
  });

  it('rejects another path on the same origin', () => {
    expect(readScannedCode('https://pulso.app/register/123AB456', ORIGIN)).toEqual(foreign);
    expect(readScannedCode('https://pulso.app/codes/123AB456', ORIGIN)).toEqual(foreign);
    expect(readScannedCode('https://pulso.app/code/123AB456/extra', ORIGIN)).toEqual(foreign);
    expect(readScannedCode('https://pulso.app/x/code/123AB456', ORIGIN)).toEqual(foreign);
    expect(readScannedCode('https://pulso.app/code/', ORIGIN)).toEqual(foreign);
    expect(readScannedCode('https://pulso.app/', ORIGIN)).toEqual(foreign);
  });

  it('rejects an invalid code on the right path', () => {
    expect(readScannedCode('https://pulso.app/code/123AB45', ORIGIN)).toEqual(foreign);
    expect(readScannedCode('https://pulso.app/code/ABC12DEF', ORIGIN)).toEqual(foreign);
  });

  it('rejects a path segment with a malformed escape instead of throwing', () => {
    expect(readScannedCode('https://pulso.app/code/%ZZ', ORIGIN)).toEqual(foreign);
    expect(readScannedCode('https://pulso.app/code/123%E0AB456', ORIGIN)).toEqual(foreign);
  });

  it('rejects garbage that is not a URL', () => {
    expect(readScannedCode('', ORIGIN)).toEqual(foreign);
    expect(readScannedCode('123AB456', ORIGIN)).toEqual(foreign);
    expect(readScannedCode('not a url', ORIGIN)).toEqual(foreign);
    expect(readScannedCode('/code/123AB456', ORIGIN)).toEqual(foreign);
    expect(readScannedCode('WIFI:S:rede;T:WPA;P:senha;;', ORIGIN)).toEqual(foreign);
  });
});
