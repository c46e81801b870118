import { MaskedTextInput, type MaskedTextInputProps } from '../../../ui/masked-text-input.tsx';

/**
 * A whole number of 2–3 digits typed on an entry screen (docs/indicators-and-score.md "Blood pressure",
 * "Oxygen saturation"): a 3-digit mask, the numeric keyboard, required.
 */
export function DigitosInput({
  label,
  description,
  placeholder,
  ...rest
}: Omit<MaskedTextInputProps, 'mask' | 'inputMode' | 'size' | 'required'>) {
  return (
    <MaskedTextInput
      mask="000"
      label={label}
      description={description}
      placeholder={placeholder}
      inputMode="numeric"
      size="md"
      required
      {...rest}
    />
  );
}
