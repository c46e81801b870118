import { describe, expect, it } from 'vitest';
import {
  assessPassword,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_SCORE,
  PERSONAL_FRAGMENT_MIN_LENGTH,
  passwordProblem,
} from './password-strength.ts';
import { AUTH_MESSAGES } from './schemas.ts';

const owner = { email: 'maria.silva@exemplo.com', name: 'Maria José Silva' };

describe('assessPassword', () => {
  it.each([
    ['12345678', 'Esta é uma senha muito usada.'],
    ['aaaaaaaa', 'Caracteres repetidos, como "aaa" são fáceis de adivinhar.'],
    ['password', 'Esta é uma senha muito usada.'],
    ['        ', 'Caracteres repetidos, como "aaa" são fáceis de adivinhar.'],
  ])('refuses %j as weak, with zxcvbn’s pt-BR warning', (password, warning) => {
    const result = assessPassword(password, owner);
    expect(result.acceptable).toBe(false);
    expect(result.score).toBeLessThan(PASSWORD_MIN_SCORE);
    expect(result.warning).toBe(warning);
    expect(result.message).toBe(`Senha fraca. ${warning} ${PASSWORD_MESSAGES.weakHint}`);
    expect(result.suggestions.length).toBeGreaterThan(0);
  });

  it('refuses the e-mail itself', () => {
    expect(passwordProblem('maria.silva@exemplo.com', owner)).toBe(PASSWORD_MESSAGES.personal);
    expect(passwordProblem('Maria.Silva@Exemplo.com', owner)).toBe(PASSWORD_MESSAGES.personal);
  });

  it('refuses the e-mail’s local part, or one of its pieces, inside the password', () => {
    expect(passwordProblem('maria.silva-na-praia', owner)).toBe(PASSWORD_MESSAGES.personal);
    expect(passwordProblem('x-silva-quer-cafe-42', { email: 'joao_silva+pulso@exemplo.com' })).toBe(
      PASSWORD_MESSAGES.personal,
    );
  });

  it('refuses the person’s name or any word of it, whatever the accents and case', () => {
    expect(passwordProblem('MariaJoseSilva', owner)).toBe(PASSWORD_MESSAGES.personal);
    expect(passwordProblem('cafe-com-SILVA-tarde', owner)).toBe(PASSWORD_MESSAGES.personal);
    expect(passwordProblem('jose-gosta-de-pipoca', owner)).toBe(PASSWORD_MESSAGES.personal);
    expect(passwordProblem('josé-gosta-de-pipoca', { name: 'Jose Prado' })).toBe(PASSWORD_MESSAGES.personal);
  });

  it(`leaves fragments shorter than ${PERSONAL_FRAGMENT_MIN_LENGTH} characters to the estimator`, () => {
    // 'Ana' is not refused outright inside 'bananada' …
    expect(passwordProblem('bananada-de-goiaba-quente', { name: 'Ana Lu', email: 'al@x.com' })).toBeNull();
    // … but the name counts as a known word: alone with digits it is weak.
    expect(assessPassword('analu123', { name: 'Ana Lu' }).acceptable).toBe(false);
  });

  it('ignores the particles of a name (da, de, dos…) and an absent owner', () => {
    expect(passwordProblem('pedra-dos-ventos-azuis', { name: 'Rui dos Anjos' })).toBeNull();
    expect(passwordProblem('pedra-dos-ventos-azuis')).toBeNull();
    expect(passwordProblem('pedra-dos-ventos-azuis', { email: null, name: '' })).toBeNull();
  });

  it('accepts a passphrase of common words', () => {
    const result = assessPassword('cavalo correto bateria grampo', owner);
    expect(result).toMatchObject({ acceptable: true, message: null, score: 4, label: 'Forte' });
  });

  it('measures the length before anything else, with registration’s message', () => {
    expect(passwordProblem('k#9Vq!2', owner)).toBe(AUTH_MESSAGES.passwordShort);
    expect(assessPassword('k#9Vq!2zRm', owner).message).toBeNull();
  });

  it('counts the app’s name as a known word', () => {
    expect(assessPassword('Pulso!2026').acceptable).toBe(false);
  });

  it('labels each score for the meter', () => {
    expect(assessPassword('password').label).toBe('Muito fraca');
    expect(PASSWORD_MESSAGES.labels).toEqual(['Muito fraca', 'Fraca', 'Razoável', 'Boa', 'Forte']);
  });

  it('judges a long password by its first characters, quickly', () => {
    // Printable characters from a fixed linear congruential sequence: no pattern zxcvbn knows.
    let seed = 20260;
    const noise = Array.from({ length: 1024 }, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return String.fromCharCode(33 + (seed % 94));
    }).join('');
    const started = performance.now();
    expect(assessPassword(noise, owner).acceptable).toBe(true);
    expect(assessPassword(`${'a'.repeat(60)}${noise}`, owner).acceptable).toBe(false);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
