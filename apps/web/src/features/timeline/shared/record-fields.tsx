import { Textarea, TextInput } from '@mantine/core';
import {
  type MedicoOption,
  TIMELINE_DESCRICAO_MAX,
  TIMELINE_VALOR_MAX,
  todayInSaoPaulo,
  valorQuestion,
} from '@pulso/domain';
import { Controller, type Path, type PathValue, type UseFormReturn, useWatch } from 'react-hook-form';
import { MedicoAutocomplete } from '../../../ui/medico-autocomplete/medico-autocomplete.tsx';
import { ReaisInput } from '../../../ui/reais-input.tsx';
import classes from './record-fields.module.css';

/**
 * The fields a record shares between /timeline/add and the edit mode of
 * /timeline/item/:id (docs/health-record.md "Fields and limits"), as typed:
 * `data` ISO (the date input's value), `valor` with the R$ mask
 * ('R$ 1.234,56', '' for none), `medico_id` the listed doctor chosen (null
 * for a name typed freely).
 */
export interface RecordFieldValues {
  data: string;
  valor: string;
  medico_id: number | null;
  medico_name: string;
  descricao: string;
}

/** A value of one of those fields in the caller's form `T`. */
type Value<T extends RecordFieldValues> = PathValue<T, Path<T>>;

/**
 * Date (from 1900, not after today in America/Sao_Paulo), value with the R$
 * mask (sent cleaned by the domain schema), the doctor by autocomplete among
 * registered doctors or typed freely (another name than the chosen doctor's
 * drops `medico_id`), and the description; each with the form's error. They
 * lay out in the caller's two-column grid, doctor and description full width.
 */
export function RecordFields<T extends RecordFieldValues, Parsed>({
  form,
  descricaoRows,
}: {
  form: UseFormReturn<T, unknown, Parsed>;
  descricaoRows: number;
}) {
  // The fields below exist on every T: name them once, typed for T.
  const name = (field: keyof RecordFieldValues) => field as Path<T>;
  const { register, control, getValues, setValue, clearErrors, formState } = form;
  const errors = formState.errors as Partial<Record<keyof RecordFieldValues, { message?: string }>>;
  const medicoId = useWatch({ control, name: name('medico_id') });

  const choose = (medico: MedicoOption) => {
    setValue(name('medico_id'), medico.id as Value<T>);
    setValue(name('medico_name'), medico.name as Value<T>);
    clearErrors([name('medico_id'), name('medico_name')]);
  };

  /** Another name than the chosen doctor's is a doctor typed freely. */
  const typeName = (text: string, onChange: (text: string) => void) => {
    const chosenName = getValues(name('medico_id')) === null ? null : getValues(name('medico_name'));
    onChange(text);
    clearErrors([name('medico_id'), name('medico_name')]);
    if (chosenName !== null && text !== chosenName) setValue(name('medico_id'), null as Value<T>);
  };

  return (
    <>
      <TextInput
        {...register(name('data'))}
        type="date"
        label="Data"
        min="1900-01-01"
        max={todayInSaoPaulo()}
        required
        error={errors.data?.message}
      />
      <Controller
        control={control}
        name={name('valor')}
        render={({ field }) => (
          <ReaisInput
            label="Valor (opcional)"
            max={TIMELINE_VALOR_MAX}
            placeholder="R$ 0,00"
            name={field.name}
            value={field.value as string}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={errors.valor?.message}
            description={valorQuestion(field.value, String(field.value ?? ''))}
            classNames={{ description: classes.valorQuestion }}
          />
        )}
      />
      <Controller
        control={control}
        name={name('medico_name')}
        render={({ field }) => (
          <MedicoAutocomplete
            className={classes.wide}
            placeholder="Nome do médico"
            text={field.value as string}
            onTextChange={(text) => typeName(text, field.onChange)}
            selected={medicoId !== null ? (field.value as string) : null}
            onSelect={choose}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={errors.medico_id?.message ?? errors.medico_name?.message}
          />
        )}
      />
      <Textarea
        {...register(name('descricao'))}
        className={classes.wide}
        label="Descrição"
        required
        rows={descricaoRows}
        resize="vertical"
        maxLength={TIMELINE_DESCRICAO_MAX}
        error={errors.descricao?.message}
      />
    </>
  );
}
