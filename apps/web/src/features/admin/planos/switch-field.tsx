import { Switch } from '@mantine/core';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

/** A form's on/off field `name` (a boolean, such as a record's `ativo`) as a labelled switch. */
export function SwitchField<T extends FieldValues, R extends FieldValues>({
  control,
  name,
  label,
}: {
  control: Control<T, unknown, R>;
  name: Path<T>;
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          label={label}
          checked={field.value}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
          onBlur={field.onBlur}
          name={field.name}
          ref={field.ref}
        />
      )}
    />
  );
}
