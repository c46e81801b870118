import { InputBase, type InputBaseProps } from '@mantine/core';
import type { Ref } from 'react';
import { IMaskInput } from 'react-imask';

/** IMask options of an unsigned decimal with a comma and no thousands separator. */
function numberMask(integerDigits: number, decimals: number) {
  return {
    mask: Number,
    scale: decimals,
    radix: ',',
    mapToRadix: ['.'],
    thousandsSeparator: '',
    min: 0,
    max: 10 ** integerDigits - 10 ** -decimals,
    normalizeZeros: false,
    padFractionalZeros: false,
  };
}

/** Props of {@link DecimalInput}. */
export interface DecimalInputProps extends Omit<InputBaseProps, 'value' | 'onChange'> {
  /** The typed text with a comma (`'72,5'`). */
  value: string;
  onChange: (text: string) => void;
  onBlur?: () => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Digits before the comma (3 for `###,#`). */
  integerDigits: number;
  /** Digits after the comma (1 for `###,#`). */
  decimals: number;
  placeholder?: string;
}

/**
 * Decimal number typed the Brazilian way (docs/accounts.md "Emergency data":
 * weight `##,#` or `###,#`): at most `integerDigits` digits, a comma (a dot
 * is turned into a comma) and at most `decimals` digits. Unlike a fixed
 * `00,0` pattern, typing `100` reads 100, never 10,0. The form keeps the
 * text; the domain schema (`optionalDecimal`) turns the comma into a dot.
 */
export function DecimalInput({
  value,
  onChange,
  inputRef,
  integerDigits,
  decimals,
  ...rest
}: DecimalInputProps) {
  return (
    <InputBase
      inputMode="decimal"
      {...rest}
      component={IMaskInput}
      {...numberMask(integerDigits, decimals)}
      value={value}
      inputRef={inputRef}
      onAccept={(text: string) => {
        if (text !== value) onChange(text);
      }}
    />
  );
}
