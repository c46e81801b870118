import { Avatar, Button, Loader, Text } from '@mantine/core';
import { CODE_INCOMPLETE_MESSAGE, formatCode, parseCode, type TimelineTargetUser } from '@pulso/domain';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CodeInput } from '../code-input.tsx';
import { Icon } from '../icon.tsx';
import classes from './target-patient.module.css';

/** Props of {@link TargetPatient}. */
export interface TargetPatientProps {
  /** The canonical code being looked up or shown, null for the caller's own timeline. */
  code: string | null;
  /** The patient found for `code`. */
  target: TimelineTargetUser | undefined;
  searching: boolean;
  /** Why the lookup failed ('Paciente não encontrado', too many lookups…). */
  lookupError: string | null;
  /** The code is the caller's own: the record stays on their timeline. */
  own: boolean;
  onLookup: (code: string) => void;
  onClear: () => void;
  disabled: boolean;
  /** The /qrcode/read URL that brings the code it reads back to this screen (`readQrFor` of lib/qr-destino.ts). */
  readQrHref: string;
}

/**
 * Whose timeline receives the record (docs/health-record.md "Adding to another
 * patient's timeline"; issue 5): by default the caller's own; typing a
 * patient's code (`### AA ###`) and 'Buscar paciente', or reading their QR
 * Code, looks them up and shows their photo, name and code with 'Limpar
 * paciente' to go back to the caller's own timeline. Used by /timeline/add
 * and /mapa-dor.
 */
export function TargetPatient({
  code,
  target,
  searching,
  lookupError,
  own,
  onLookup,
  onClear,
  disabled,
  readQrHref,
}: TargetPatientProps) {
  const [value, setValue] = useState(code ? formatCode(code) : '');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const clearRef = useRef<HTMLButtonElement>(null);
  const shownTarget = code !== null && target && !own ? target : null;

  // A code arriving by the URL (QR Code) fills the field; clearing empties it.
  useEffect(() => {
    setValue(code ? formatCode(code) : '');
  }, [code]);

  useEffect(() => {
    if (lookupError) inputRef.current?.focus();
  }, [lookupError]);

  // Keyboard users keep their place: the found patient's 'Limpar paciente', then the code field again.
  const lookedUp = useRef(false);
  const wasShown = useRef(false);
  const shown = shownTarget !== null;
  useEffect(() => {
    if (shown && lookedUp.current) clearRef.current?.focus();
    if (!shown && wasShown.current) inputRef.current?.focus();
    if (shown) lookedUp.current = false;
    wasShown.current = shown;
  }, [shown]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseCode(value);
    if (!parsed) {
      setError(CODE_INCOMPLETE_MESSAGE);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    lookedUp.current = true;
    onLookup(parsed);
  }

  if (shownTarget) {
    return (
      <div className={classes.target}>
        <Avatar
          src={shownTarget.avatar}
          alt={shownTarget.avatar ? `Foto de ${shownTarget.name}` : undefined}
          name={shownTarget.name}
          color="initials"
          size={64}
          radius={64}
        />
        <div className={classes.targetText}>
          <Text size="sm" c="dimmed">
            Linha do tempo de
          </Text>
          <Text fw={700} size="lg" className={classes.targetName}>
            {shownTarget.name}
          </Text>
          <Text size="sm">
            Código <span className={classes.code}>{formatCode(shownTarget.code)}</span>
          </Text>
        </div>
        <Button
          ref={clearRef}
          variant="default"
          onClick={onClear}
          disabled={disabled}
          className={classes.targetClear}
        >
          Limpar paciente
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Buscar paciente pelo código" className={classes.lookup}>
      <Text size="sm">
        {own
          ? 'Este é o seu código: o registro vai para a sua linha do tempo.'
          : 'O registro vai para a sua linha do tempo. Para adicionar na linha do tempo de outro paciente, digite o código dele ou leia o QR Code.'}
      </Text>
      <div className={classes.lookupRow}>
        <CodeInput
          className={classes.codeField}
          label="Código do paciente"
          description="3 números, 2 letras e 3 números"
          placeholder="000 AA 000"
          name="code"
          inputRef={inputRef}
          value={value}
          onChange={(masked) => {
            setValue(masked);
            setError(null);
          }}
          error={error ?? (code !== null && !own ? lookupError : null)}
          disabled={disabled}
        />
        <Button type="submit" variant="default" loading={searching} disabled={disabled}>
          Buscar paciente
        </Button>
      </div>
      {searching && (
        <div className={classes.searching} role="status">
          <Loader size="xs" aria-hidden="true" />
          <Text size="sm">Buscando paciente…</Text>
        </div>
      )}
      {!disabled && (
        <Button
          component={Link}
          to={readQrHref}
          variant="subtle"
          leftSection={<Icon name="scan" size={18} aria-hidden="true" />}
          className={classes.readQr}
        >
          Ler QR Code do paciente
        </Button>
      )}
    </form>
  );
}
