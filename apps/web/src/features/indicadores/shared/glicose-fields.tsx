import { Alert, NativeSelect, Text } from '@mantine/core';
import {
  type AlertaSeveridade,
  GLICOSE_MIN,
  GLICOSE_PERIODO_IDS,
  GLICOSE_PERIODOS,
  GLICOSE_PLACEHOLDER,
  glicoseAlerta,
} from '@pulso/domain';
import { useId } from 'react';
import { MaskedTextInput } from '../../../ui/masked-text-input.tsx';
import { classes, type FieldErrorMap } from './ui.tsx';

/**
 * The period options of the selector (docs/indicators-and-score.md "Glucose": 1 Café, 2 Almoço, 3
 * Janta, 4 Após as 22 Horas).
 */
export const periodoOptions = [
  { value: '', label: 'Escolha o período' },
  ...GLICOSE_PERIODO_IDS.map((id) => ({ value: String(id), label: GLICOSE_PERIODOS[id] })),
];

/**
 * Mantine colour of each alert severity (docs/indicators-and-score.md "Glucose"): success, info, warning, error.
 */
const SEVERIDADE_COR: Record<AlertaSeveridade, string> = {
  success: 'green',
  info: 'blue',
  warning: 'yellow',
  error: 'red',
};

/** A glucose value as typed that may be saved: 2–3 digits, at least 20 mg/dL. */
export const glicoseCompleta = (text: string) => /^\d{2,3}$/.test(text) && Number(text) >= GLICOSE_MIN;

/**
 * The period selector and the mg/dL field of the glucose screens
 * (docs/indicators-and-score.md "Glucose"): the field stays disabled, with
 * the red warning 'Escolha o período antes de informar a glicose.', until a
 * period is chosen; at most 3 digits, placeholder 120. Below them, once the
 * value is complete, the status alert (with or without diabetes;
 * docs/indicators-and-score.md "Glucose").
 */
export function GlicoseFields({
  periodo,
  onPeriodo,
  value,
  onValue,
  diabetes,
  errors,
  disabled,
  warning,
}: {
  periodo: string;
  onPeriodo: (next: string) => void;
  value: string;
  onValue: (next: string) => void;
  diabetes: boolean;
  errors: FieldErrorMap;
  disabled?: boolean;
  /** The red warning shown while no period is chosen. */
  warning: string;
}) {
  const warningId = useId();
  const semPeriodo = periodo === '';
  const alerta = glicoseCompleta(value) ? glicoseAlerta(Number(value), diabetes) : null;
  return (
    <>
      <NativeSelect
        label="Período"
        size="md"
        required
        data={periodoOptions}
        value={periodo}
        disabled={disabled}
        error={errors.time_of_day ?? errors.index}
        onChange={(event) => onPeriodo(event.currentTarget.value)}
      />
      <div>
        <MaskedTextInput
          mask="000"
          label="Glicose (mg/dL)"
          placeholder={GLICOSE_PLACEHOLDER}
          inputMode="numeric"
          size="md"
          required
          disabled={disabled || semPeriodo}
          aria-describedby={semPeriodo ? warningId : undefined}
          value={value}
          onChange={onValue}
          error={errors.value}
        />
        {semPeriodo && !disabled && (
          <Text id={warningId} className={classes.periodWarning} mt={4}>
            {warning}
          </Text>
        )}
      </div>
      {alerta && (
        <Alert
          color={SEVERIDADE_COR[alerta.severidade]}
          variant="light"
          role="status"
          className={classes.glicoseAlerta}
          data-severidade={alerta.severidade}
        >
          <Text fw={700} c="gray.9">
            {alerta.texto}
          </Text>
        </Alert>
      )}
    </>
  );
}
