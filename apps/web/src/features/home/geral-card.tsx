import { TextInput } from '@mantine/core';
import {
  BIRTH_DATE_MIN,
  enumLabel,
  enumOptions,
  formatDateBR,
  type Geral,
  GeralSchema,
  PROFILE_MESSAGES,
  SANGUE,
  SEXO,
  todayInSaoPaulo,
  type UserView,
} from '@pulso/domain';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { CidadeAutocomplete } from '../../ui/cidades/cidade-autocomplete.tsx';
import { domainResolver } from '../../ui/domain-resolver.ts';
import { EditableFormCard } from '../../ui/editable-card.tsx';
import { SelectField } from '../../ui/editable-card-fields.tsx';
import { InfoList } from '../../ui/info-list.tsx';
import { useCardForm } from '../../ui/use-card-form.ts';
import { useUpdateGeral } from './api/update-geral.ts';

/** Values of the general card as typed. `cidade_texto` is the text of the city input. */
export interface GeralValues {
  nascimento: string;
  sexo: string | null;
  sangue: string | null;
  endereco: string;
  complemento: string;
  bairro: string;
  cidade: UserView['geral']['cidade'];
  cidade_texto: string;
}

const fields = [
  'nascimento',
  'sexo',
  'sangue',
  'endereco',
  'complemento',
  'bairro',
  'cidade',
  'cidade_texto',
] as const;

function toValues(g: UserView['geral']): GeralValues {
  return {
    nascimento: g.nascimento ?? '',
    sexo: g.sexo,
    sangue: g.sangue === null ? null : String(g.sangue),
    endereco: g.endereco ?? '',
    complemento: g.complemento ?? '',
    bairro: g.bairro ?? '',
    cidade: g.cidade,
    cidade_texto: g.cidade?.descricao ?? '',
  };
}

/** A city typed but not chosen from the list would be lost silently: ask for a choice instead. */
function cityChosen(form: UseFormReturn<GeralValues, unknown, Geral>): boolean {
  const text = form.getValues('cidade_texto').trim();
  const cidade = form.getValues('cidade');
  if (text === '' || text === cidade?.descricao) return true;
  form.setError('cidade', { type: 'choice', message: PROFILE_MESSAGES.cidade });
  form.setFocus('cidade_texto');
  return false;
}

/**
 * 'Informações gerais' (docs/accounts.md "General information"): birth date
 * from 1920-01-01 to today in São Paulo, sex, blood type, address and the
 * city chosen by autocomplete.
 */
export function GeralCard({ geral }: { geral: UserView['geral'] }) {
  const card = useCardForm<GeralValues, Geral>({
    resolver: domainResolver(GeralSchema),
    saved: toValues(geral),
    mutation: useUpdateGeral(),
    fields,
    beforeSave: cityChosen,
  });
  const {
    register,
    control,
    setValue,
    clearErrors,
    formState: { errors },
  } = card.form;
  const cidade = useWatch({ control, name: 'cidade' });

  return (
    <EditableFormCard
      title="Informações gerais"
      card={card}
      view={
        <InfoList
          items={[
            { label: 'Data de nascimento', value: geral.nascimento && formatDateBR(geral.nascimento) },
            { label: 'Sexo', value: enumLabel(SEXO, geral.sexo) },
            { label: 'Tipo sanguíneo', value: enumLabel(SANGUE, geral.sangue) },
            { label: 'Endereço', value: geral.endereco },
            { label: 'Complemento', value: geral.complemento },
            { label: 'Bairro', value: geral.bairro },
            { label: 'Cidade', value: geral.cidade?.descricao },
          ]}
        />
      }
    >
      <TextInput
        {...register('nascimento')}
        type="date"
        label="Data de nascimento"
        min={BIRTH_DATE_MIN}
        max={todayInSaoPaulo()}
        error={errors.nascimento?.message}
      />
      <SelectField control={control} name="sexo" label="Sexo" data={enumOptions(SEXO)} />
      <SelectField control={control} name="sangue" label="Tipo sanguíneo" data={enumOptions(SANGUE)} />
      <TextInput
        {...register('endereco')}
        label="Endereço"
        placeholder="Rua e número"
        autoComplete="street-address"
        error={errors.endereco?.message}
      />
      <TextInput
        {...register('complemento')}
        label="Complemento"
        placeholder="Apartamento, bloco…"
        autoComplete="address-line2"
        error={errors.complemento?.message}
      />
      <TextInput
        {...register('bairro')}
        label="Bairro"
        autoComplete="address-level3"
        error={errors.bairro?.message}
      />
      <Controller
        control={control}
        name="cidade_texto"
        render={({ field }) => (
          <CidadeAutocomplete
            text={field.value}
            onTextChange={(text) => {
              field.onChange(text);
              clearErrors('cidade');
            }}
            selected={cidade}
            onSelect={(chosen) => setValue('cidade', chosen)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={errors.cidade?.message ?? errors.cidade_texto?.message}
          />
        )}
      />
    </EditableFormCard>
  );
}
