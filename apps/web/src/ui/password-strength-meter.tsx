import { List, Progress, Stack, Text } from '@mantine/core';
import type { PasswordAssessment, PasswordOwner } from '@pulso/domain/password-strength';
import { useDeferredValue } from 'react';
import { type PasswordRule, usePasswordRule } from './password-rule.ts';

const COLORS = ['red.8', 'red.8', 'orange.8', 'teal.8', 'green.8'] as const;
const FILL = [10, 30, 55, 80, 100] as const;

/** What to tell about a refused password: the rule's reason, or zxcvbn's warning and suggestions. */
function notesOf(result: PasswordAssessment, rule: PasswordRule): string[] {
  if (result.acceptable) return [];
  const { personal, short, weakHint } = rule.PASSWORD_MESSAGES;
  if (result.message === personal || result.message === short) return [result.message];
  const notes = [result.warning, ...result.suggestions].filter((n): n is string => Boolean(n));
  return notes.length > 0 ? notes : [weakHint];
}

/**
 * Live feedback under a new-password field (docs/auth-security.md "Password
 * rule"): a bar (decorative) and, in words, the strength ('Força da senha:
 * Fraca (ainda não serve)'), why a password is refused and zxcvbn's pt-BR
 * suggestions. Nothing while the field is empty or the rule is loading. The
 * words are a polite live region.
 */
export function PasswordStrengthMeter({ password, owner }: { password: string; owner: PasswordOwner }) {
  const rule = usePasswordRule();
  const typed = useDeferredValue(password);
  const result = rule && typed ? rule.assessPassword(typed, owner) : null;
  return (
    <Stack gap={4} aria-live="polite" data-testid="password-strength">
      {rule && result && (
        <>
          <Progress.Root size="sm" aria-hidden>
            <Progress.Section value={FILL[result.score]} color={COLORS[result.score]} withAria={false} />
          </Progress.Root>
          <Text size="sm" fw={600}>
            Força da senha: {result.label}
            {result.acceptable ? '' : ' (ainda não serve)'}
          </Text>
          {notesOf(result, rule).length > 0 && (
            <List size="sm" spacing={2}>
              {notesOf(result, rule).map((note) => (
                <List.Item key={note}>{note}</List.Item>
              ))}
            </List>
          )}
        </>
      )}
    </Stack>
  );
}
