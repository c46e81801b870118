import { Button, Stack, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { MaskedTextInput } from '../../ui/masked-text-input.tsx';
import type { RegisterStep1Output, RegisterStep1Values } from './register-form-types.ts';

/** Mobile phone mask (docs/accounts.md "Phones") in IMask notation (`(##) ##### ####`). */
export const PHONE_IMASK = '(00) 00000 0000';

/**
 * Registration step 1 (docs/accounts.md "Registration"): name and mobile phone; 'Próximo' validates before
 * moving on.
 */
export function RegisterStep1({
  form,
  onNext,
}: {
  form: UseFormReturn<RegisterStep1Values, unknown, RegisterStep1Output>;
  onNext: (values: RegisterStep1Output) => void;
}) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = form;
  return (
    <form noValidate onSubmit={handleSubmit(onNext)} aria-label="Seus dados">
      <Stack gap="md">
        <TextInput
          {...register('name')}
          label="Nome e sobrenome"
          autoComplete="name"
          error={errors.name?.message}
        />
        <Controller
          control={control}
          name="telefone"
          render={({ field }) => (
            <MaskedTextInput
              mask={PHONE_IMASK}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              label="Celular"
              description="Com DDD, por exemplo (11) 91234 5678"
              inputMode="tel"
              autoComplete="tel-national"
              error={errors.telefone?.message}
            />
          )}
        />
        <Button type="submit" fullWidth size="md">
          Próximo
        </Button>
      </Stack>
    </form>
  );
}
