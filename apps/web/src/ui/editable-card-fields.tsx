import { type ComboboxData, Select } from '@mantine/core';
import {
  type Control,
  Controller,
  type ControllerFieldState,
  type ControllerRenderProps,
  type FieldValues,
  type Path,
} from 'react-hook-form';

/**
 * The props a controlled text input of ui/ (`MaskedTextInput`, `PhoneInput`,
 * `DecimalInput`) takes from a `Controller`'s render argument: name, value,
 * handlers, ref and the field's error message.
 */
export function controlledInputProps<TValues extends FieldValues, TName extends Path<TValues>>({
  field,
  fieldState,
}: {
  field: ControllerRenderProps<TValues, TName>;
  fieldState: ControllerFieldState;
}) {
  return {
    name: field.name,
    value: field.value,
    onChange: field.onChange,
    onBlur: field.onBlur,
    inputRef: field.ref,
    error: fieldState.error?.message,
  };
}

/**
 * An optional choice of an editable card's form: a clearable `Select` with
 * the placeholder 'Escolha', whose clear button is named 'Limpar <label>'.
 */
export function SelectField<TValues extends FieldValues, TOutput>({
  control,
  name,
  label,
  data,
}: {
  control: Control<TValues, unknown, TOutput>;
  name: Path<TValues>;
  label: string;
  data: ComboboxData;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          ref={field.ref}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          label={label}
          placeholder="Escolha"
          data={data}
          clearable
          clearButtonProps={{ 'aria-label': `Limpar ${label.toLowerCase()}` }}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
