import { InputBase, type InputBaseProps } from '@mantine/core';
import type { Ref } from 'react';
import { IMaskInput } from 'react-imask';

/**
 * IMask patterns of a Brazilian phone: landline `(00) 0000 0000` while it
 * fits, mobile `(00) 00000 0000` from the 11th digit on (domain
 * `LANDLINE_MASK` / `MOBILE_MASK`).
 */
export const PHONE_ANY_IMASK = [{ mask: '(00) 0000 0000' }, { mask: '(00) 00000 0000' }];

/** Props of {@link PhoneInput}: a Mantine input whose value is the masked text. */
export interface PhoneInputProps extends Omit<InputBaseProps, 'value' | 'onChange'> {
  value: string;
  onChange: (masked: string) => void;
  onBlur?: () => void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  autoComplete?: string;
  placeholder?: string;
}

/**
 * Phone input that takes a landline or a mobile number, switching masks as
 * the digits are typed. The form keeps the masked text; the domain schemas
 * strip it (`optionalDigits`) before sending.
 */
export function PhoneInput({ value, onChange, inputRef, ...rest }: PhoneInputProps) {
  return (
    <InputBase
      inputMode="tel"
      {...rest}
      component={IMaskInput}
      mask={PHONE_ANY_IMASK}
      value={value}
      inputRef={inputRef}
      onAccept={(masked: string) => {
        if (masked !== value) onChange(masked);
      }}
    />
  );
}
