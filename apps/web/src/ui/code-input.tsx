import { InputBase, type InputBaseProps } from '@mantine/core';
import { CODE_MASK } from '@pulso/domain';
import type { Ref } from 'react';
import { IMaskInput } from 'react-imask';

/** Props of {@link CodeInput}: a Mantine input whose value is the masked code (`123 AB 456`). */
export interface CodeInputProps extends Omit<InputBaseProps, 'value' | 'onChange'> {
  value: string;
  onChange: (masked: string) => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  placeholder?: string;
}

const upperCase = (chars: string) => chars.toUpperCase();

/**
 * Personal-code input with the mask `### AA ###` (docs/codes.md "Personal code"):
 * digits and letters in their places, letters upper-cased as they are typed.
 * Validate with `parseCode` (fewer than 8 characters: `CODE_INCOMPLETE_MESSAGE`).
 */
export function CodeInput({ value, onChange, inputRef, ...rest }: CodeInputProps) {
  return (
    <InputBase
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      {...rest}
      component={IMaskInput}
      mask={CODE_MASK}
      prepareChar={upperCase}
      value={value}
      inputRef={inputRef}
      onAccept={(masked: string) => {
        if (masked !== value) onChange(masked);
      }}
    />
  );
}
