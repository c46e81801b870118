import { describe, expect, it } from 'vitest';
import { returnPath } from './return-path.ts';

describe('returnPath', () => {
  it('returns to an in-app path with its query, else to the fallback', () => {
    expect(returnPath({ from: '/telemedicina/medico/7' }, '/telemedicina')).toBe('/telemedicina/medico/7');
    expect(returnPath({ from: '/telemedicina/medico/7?solicitar=1' }, '/planos')).toBe(
      '/telemedicina/medico/7?solicitar=1',
    );
    expect(returnPath({ from: '//evil.example' }, '/telemedicina')).toBe('/telemedicina');
    expect(returnPath({ from: 'https://evil.example' }, '/telemedicina')).toBe('/telemedicina');
    expect(returnPath({ from: 42 }, '/planos')).toBe('/planos');
    expect(returnPath(null, '/telemedicina')).toBe('/telemedicina');
  });
});
