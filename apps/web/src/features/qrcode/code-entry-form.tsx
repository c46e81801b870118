import { Button, Stack } from '@mantine/core';
import { CODE_INCOMPLETE_MESSAGE, parseCode } from '@pulso/domain';
import { type FormEvent, useRef, useState } from 'react';
import { CodeInput } from '../../ui/code-input.tsx';
import classes from './qrcode-read-page.module.css';

/**
 * Manual code entry (docs/codes.md "Typing a code"): the `### AA ###` mask and
 * 'Abrir'. With fewer than 8 characters it shows 'Digite o código completo';
 * otherwise calls `onCode` with the canonical code.
 */
export function CodeEntryForm({ onCode }: { onCode: (code: string) => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = parseCode(value);
    if (!code) {
      setError(CODE_INCOMPLETE_MESSAGE);
      inputRef.current?.focus();
      return;
    }
    onCode(code);
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Digitar o código">
      <Stack gap="sm" align="flex-start">
        <CodeInput
          className={classes.codeField}
          label="Código pessoal"
          description="3 números, 2 letras e 3 números"
          placeholder="000 AA 000"
          name="code"
          inputRef={inputRef}
          value={value}
          onChange={(masked) => {
            setValue(masked);
            setError(null);
          }}
          error={error}
          size="md"
        />
        <Button type="submit" size="md">
          Abrir
        </Button>
      </Stack>
    </form>
  );
}
