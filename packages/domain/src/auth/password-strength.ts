import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as ptBrDictionary, translations as ptBrTranslations } from '@zxcvbn-ts/language-pt-br';
import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH } from './schemas.ts';

// This module carries zxcvbn-ts and its dictionaries (about 1 MB of JavaScript): it is the package
// entry `@pulso/domain/password-strength`, never re-exported by the index, so that the web loads it
// only on the screens that set a password (docs/auth-security.md "Password rule").

/** Lowest zxcvbn score (0–4) a new password must reach: 3, at least 10⁸ guesses. */
export const PASSWORD_MIN_SCORE = 3;

/** Fragments of the owner's name and e-mail shorter than this are left to the estimator alone. */
export const PERSONAL_FRAGMENT_MIN_LENGTH = 4;

/**
 * The estimator reads the first 48 characters (a four-word passphrase has about 30) and tries at most
 * 10 l33t substitutions: its cost grows steeply with both, and a check runs in the server's event loop.
 * Measured worst cases: about 50 ms here, against 2.5 s with 128 characters and 100 substitutions.
 */
const ESTIMATOR_MAX_LENGTH = 48;
const ESTIMATOR_MAX_L33T_SUBSTITUTIONS = 10;

/** pt-BR messages of the password rule. */
export const PASSWORD_MESSAGES = {
  short: AUTH_MESSAGES.passwordShort,
  personal: 'A senha não pode conter o seu nome nem o seu e-mail.',
  weakHint: 'Use uma frase com três ou quatro palavras, ou uma senha mais longa.',
  /** Labels of the scores 0–4, for the strength meter. */
  labels: ['Muito fraca', 'Fraca', 'Razoável', 'Boa', 'Forte'],
} as const;

/** Whose password it is: what it must not contain and what makes it easy to guess. */
export interface PasswordOwner {
  email?: string | null | undefined;
  name?: string | null | undefined;
}

/** What the rule says of a password; `message` is the field error when it is refused. */
export interface PasswordAssessment {
  /** zxcvbn's score, 0 (guessable) to 4 (very unguessable); 0 for a personal or short password. */
  score: 0 | 1 | 2 | 3 | 4;
  /** pt-BR label of the score ('Muito fraca' … 'Forte'). */
  label: string;
  acceptable: boolean;
  /** The pt-BR error to show when not acceptable, else `null`. */
  message: string | null;
  /** zxcvbn's pt-BR warning ('Esta é uma senha muito usada.'), or `null`. */
  warning: string | null;
  /** zxcvbn's pt-BR suggestions. */
  suggestions: string[];
}

// Two of the package's pt-BR sentences are ungrammatical; the rest are used as they are.
const translations = {
  ...ptBrTranslations,
  warnings: { ...ptBrTranslations.warnings, userInputs: 'Evite usar os seus dados pessoais na senha.' },
  suggestions: {
    ...ptBrTranslations.suggestions,
    capitalization: 'Use letras maiúsculas também no meio, não só na primeira letra.',
  },
};

let factory: ZxcvbnFactory | undefined;

/** The estimator, built on first use (about 0.2 s: the dictionaries are unpacked and ranked). */
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    translations,
    graphs: adjacencyGraphs,
    dictionary: { ...commonDictionary, ...ptBrDictionary },
    maxLength: ESTIMATOR_MAX_LENGTH,
    l33tMaxSubstitutions: ESTIMATOR_MAX_L33T_SUBSTITUTIONS,
  });
  return factory;
}

/** Lower case without accents: 'José' and 'jose' are the same name. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The owner's name and e-mail as the pieces a password must not contain:
 * the whole e-mail, its local part, the local part's pieces (split at `.`,
 * `_`, `-`, `+`), the whole name without spaces and each of its words.
 * `long` holds those of at least {@link PERSONAL_FRAGMENT_MIN_LENGTH}
 * characters (refused outright); `all` holds every one (the estimator's
 * user inputs, which lower the score of a password built on them).
 */
function personalFragments(owner: PasswordOwner): { long: string[]; all: string[] } {
  const pieces = new Set<string>();
  const email = fold(owner.email?.trim() ?? '');
  if (email) {
    pieces.add(email);
    const local = email.split('@')[0] ?? '';
    pieces.add(local);
    for (const piece of local.split(/[._+-]+/)) pieces.add(piece);
  }
  const words = fold(owner.name ?? '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  pieces.add(words.join(''));
  for (const word of words) pieces.add(word);
  pieces.delete('');
  const all = [...pieces];
  return { long: all.filter((p) => p.length >= PERSONAL_FRAGMENT_MIN_LENGTH), all };
}

/**
 * Pulso's one password rule (docs/auth-security.md "Password rule"), for
 * every password a person sets: at least {@link PASSWORD_MIN_LENGTH}
 * characters; none of the owner's name or e-mail (see `personalFragments`:
 * accents and case ignored); and a zxcvbn-ts score of at least
 * {@link PASSWORD_MIN_SCORE} against its common-password list, its keyboard
 * patterns and the pt-BR dictionaries (words, names, Wikipedia), the owner's
 * data and the word 'pulso' counting as known words. Feedback is zxcvbn's
 * pt-BR translation. Existing passwords are never re-judged: sign-in does
 * not call this. Synchronous; a few milliseconds a check once built.
 */
export function assessPassword(password: string, owner: PasswordOwner = {}): PasswordAssessment {
  const refuse = (message: string, warning: string | null = null): PasswordAssessment => ({
    score: 0,
    label: PASSWORD_MESSAGES.labels[0],
    acceptable: false,
    message,
    warning,
    suggestions: [],
  });
  if (password.length < PASSWORD_MIN_LENGTH) return refuse(PASSWORD_MESSAGES.short);
  const { long, all } = personalFragments(owner);
  const folded = fold(password);
  if (long.some((fragment) => folded.includes(fragment))) {
    return refuse(PASSWORD_MESSAGES.personal, translations.warnings.userInputs);
  }
  const result = estimator().check(password, [...all, 'pulso']);
  const acceptable = result.score >= PASSWORD_MIN_SCORE;
  const warning = result.feedback.warning || null;
  return {
    score: result.score,
    label: PASSWORD_MESSAGES.labels[result.score],
    acceptable,
    message: acceptable
      ? null
      : ['Senha fraca.', warning, PASSWORD_MESSAGES.weakHint].filter(Boolean).join(' '),
    warning,
    suggestions: result.feedback.suggestions,
  };
}

/** The pt-BR reason `password` is refused for `owner`, or `null` when it may be set ({@link assessPassword}). */
export function passwordProblem(password: string, owner: PasswordOwner = {}): string | null {
  return assessPassword(password, owner).message;
}
