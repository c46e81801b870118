import { AUTH_MESSAGES, EMAIL_PATTERN } from '@pulso/domain';
import { passwordProblem } from '@pulso/domain/password-strength';

/** The options a tool was given, as `node:util` parseArgs answers them. */
export type CliValues = Record<string, string | string[] | boolean | undefined>;

/** The trimmed text of option `name` ('' when absent). */
export function textOption(values: CliValues, name: string): string {
  const value = values[name];
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The `--name`, `--email` and `--password` of a tool that creates an account
 * (medico:create, admin:create), checked as registration checks them: the
 * name with single spaces, the e-mail lower-cased, the password by the
 * password rule (docs/auth-security.md); each problem is pushed onto
 * `problems` in pt-BR.
 */
export function accountOptions(
  values: CliValues,
  problems: string[],
): { name: string; email: string; password: string } {
  const name = textOption(values, 'name').replace(/\s+/g, ' ');
  if (!name) problems.push(`--name: ${AUTH_MESSAGES.name}.`);
  else if (name.length > 255) problems.push(`--name: ${AUTH_MESSAGES.nameLong}.`);
  const email = textOption(values, 'email').toLowerCase();
  if (!email) problems.push('--email: informe o e-mail de acesso.');
  else if (!EMAIL_PATTERN.test(email) || email.length > 255)
    problems.push(`--email: ${AUTH_MESSAGES.emailInvalid}.`);
  const password = typeof values.password === 'string' ? values.password : '';
  if (!password) problems.push('--password: informe a senha de acesso.');
  else if (password.length > 1024) problems.push('--password: a senha deve ter no máximo 1024 caracteres.');
  else {
    const problem = passwordProblem(password, { name, email });
    if (problem) problems.push(`--password: ${problem.endsWith('.') ? problem : `${problem}.`}`);
  }
  return { name, email, password };
}
