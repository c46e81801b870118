import { InputBase, type InputBaseProps } from '@mantine/core';
import { TIMELINE_VALOR_MAX } from '@pulso/domain';
import type { Ref } from 'react';
import { IMaskInput } from 'react-imask';

/**
 * IMask options of the R$ mask (spec 1 §5 "Timeline add"): the `R$ ` prefix,
 * dot thousands, comma decimal, 2 decimals (padded when the field is left),
 * a typed dot taken as the comma, up to {@link TIMELINE_VALOR_MAX}.
 */
export const VALOR_MASK = {
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
      max: TIMELINE_VALOR_MAX,
    },
  },
} as const;

/** Props of {@link ValorInput}. */
export interface ValorInputProps extends Omit<InputBaseProps, 'value' | 'onChange'> {
  /** The masked text ('R$ 1.234,56', '' when empty). */
  value: string;
  onChange: (masked: string) => void;
  onBlur?: () => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  placeholder?: string;
}

/**
 * Money in reais with the R$ mask. The form keeps the masked text; the
 * domain's `parseValor` (through `TimelineItemCreateSchema`) cleans it to
 * digits and a decimal point ('1234.56') before it is sent.
 */
export function ValorInput({ value, onChange, inputRef, ...rest }: ValorInputProps) {
  return (
    <InputBase
      inputMode="decimal"
      autoComplete="off"
      {...rest}
      component={IMaskInput}
      {...VALOR_MASK}
      value={value}
      inputRef={inputRef}
      onAccept={(masked: string) => {
        if (masked !== value) onChange(masked);
      }}
    />
  );
}
