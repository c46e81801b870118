import type { PasswordOwner } from '@pulso/domain/password-strength';
import { useEffect, useState } from 'react';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';

/** The domain's password rule module (zxcvbn-ts and its pt-BR dictionaries, about 1 MB). */
export type PasswordRule = typeof import('@pulso/domain/password-strength');

let loaded: PasswordRule | null = null;
let loading: Promise<PasswordRule> | null = null;

/**
 * Loads the password rule once, in a chunk of its own: only the screens that
 * set a password ask for it, so it never weighs on the first load of the app
 * (docs/auth-security.md "Password rule"). A failed load is retried next time.
 */
export function loadPasswordRule(): Promise<PasswordRule> {
  loading ??= import('@pulso/domain/password-strength').then(
    (rule) => {
      loaded = rule;
      return rule;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The password rule, or `null` while its chunk is loading; the screen asks for it on mount. */
export function usePasswordRule(): PasswordRule | null {
  const [rule, setRule] = useState(loaded);
  useEffect(() => {
    if (rule) return;
    let live = true;
    loadPasswordRule()
      .then((r) => live && setRule(() => r))
      .catch(() => {
        // Offline: the meter stays hidden and the server still enforces the rule on submit.
      });
    return () => {
      live = false;
    };
  }, [rule]);
  return rule;
}

/**
 * Adds the password rule to a form's resolver: once the schema passes
 * `field`, the password is checked for `owner(values)` (the e-mail and name
 * the form knows) and refused with the rule's pt-BR message, the same the
 * server answers. Submitting waits for the rule's chunk; if it cannot be
 * loaded, the server's check decides.
 */
export function withPasswordRule<TValues extends FieldValues, TOutput>(
  resolver: Resolver<TValues, unknown, TOutput>,
  owner: (values: TValues) => PasswordOwner,
  field: keyof TValues & string = 'password',
): Resolver<TValues, unknown, TOutput> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    if ((result.errors as Record<string, unknown>)[field]) return result;
    const rule = await loadPasswordRule().catch(() => null);
    const message = rule?.passwordProblem(String(values[field] ?? ''), owner(values));
    if (!message) return result;
    const error: FieldError = { type: 'password-rule', message };
    return { values: {}, errors: { ...result.errors, [field]: error } } as unknown as Awaited<
      ReturnType<Resolver<TValues, unknown, TOutput>>
    >;
  };
}
