import { InputBase, type InputBaseProps } from '@mantine/core';
import type { Ref } from 'react';
import { IMaskInput } from 'react-imask';

/** Props of {@link MaskedTextInput}: a Mantine input whose value is the masked text. */
export interface MaskedTextInputProps extends Omit<InputBaseProps, 'value' | 'onChange'> {
  /** IMask pattern: `0` a digit, `a` a letter (`'(00) 00000 0000'`). */
  mask: string;
  value: string;
  onChange: (masked: string) => void;
  onBlur?: () => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  inputMode?: 'numeric' | 'tel' | 'text';
  autoComplete?: string;
  placeholder?: string;
  required?: boolean;
}

/**
 * Text input with an input mask (react-imask). The form keeps the masked text;
 * strip it with `onlyDigits` (or let the domain schema do it) before sending.
 */
export function MaskedTextInput({ mask, value, onChange, inputRef, ...rest }: MaskedTextInputProps) {
  return (
    <InputBase
      {...rest}
      component={IMaskInput}
      mask={mask}
      value={value}
      inputRef={inputRef}
      // IMask also "accepts" when it re-applies the mask on mount: only real edits reach the form,
      // so a remount (a stepper going back) does not re-validate away a server error.
      onAccept={(masked: string) => {
        if (masked !== value) onChange(masked);
      }}
    />
  );
}
