import { InputBase, type InputBaseProps } from '@mantine/core';
import { formatCentavos } from '@pulso/domain';
import { type Ref, useMemo } from 'react';
import { IMaskInput } from 'react-imask';

/**
 * IMask options of an amount in reais
 * (docs/health-record.md "Timeline records": the R$ mask): `R$ ` prefix,
 * dot thousands, comma decimal, 2 decimals padded when the field is left, a
 * typed dot taken as the comma, up to `max` reais.
 */
function reaisMask(max: number) {
  return {
    mask: 'R$ num',
    lazy: true,
    blocks: {
      num: {
        mask: Number,
        scale: 2,
        thousandsSeparator: '.',
        radix: ',',
        mapToRadix: ['.'],
        padFractionalZeros: true,
        normalizeZeros: true,
        min: 0,
        max,
      },
    },
  } as const;
}

/** Centavos as the field shows them: `790` → 'R$ 7,90' (an ordinary space, as the mask types it). */
export function reaisText(centavos: number): string {
  return formatCentavos(centavos).replace(/\s/g, ' ');
}

/** Props of {@link ReaisInput}. */
export interface ReaisInputProps extends Omit<InputBaseProps, 'value' | 'onChange'> {
  /** The masked text ('R$ 1.234,56', '' when empty). */
  value: string;
  onChange: (masked: string) => void;
  /** The largest amount the mask lets one type, in reais. */
  max: number;
  onBlur?: () => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  placeholder?: string;
}

/**
 * Money typed in reais with the R$ mask (the timeline's `valor`, the admin's
 * prices). The form keeps the masked text; the domain schema of the form
 * (`parseValor`, `parseReais`) cleans it before it is sent.
 */
export function ReaisInput({ value, onChange, max, inputRef, ...rest }: ReaisInputProps) {
  const mask = useMemo(() => reaisMask(max), [max]);
  return (
    <InputBase
      inputMode="decimal"
      autoComplete="off"
      {...rest}
      component={IMaskInput}
      {...mask}
      value={value}
      inputRef={inputRef}
      onAccept={(masked: string) => {
        if (masked !== value) onChange(masked);
      }}
    />
  );
}
