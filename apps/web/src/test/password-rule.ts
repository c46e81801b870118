import { loadPasswordRule } from '../ui/password-rule.ts';

/**
 * Loads the password rule's chunk (zxcvbn-ts and its dictionaries) and builds
 * its estimator once, in a `beforeAll` of the files whose forms set a
 * password: a test's own time then measures the form, not a cold start.
 */
export async function warmPasswordRule(): Promise<void> {
  (await loadPasswordRule()).assessPassword('aquecimento-do-teste');
}
