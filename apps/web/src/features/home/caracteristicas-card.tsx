import { Textarea } from '@mantine/core';
import {
  type Caracteristicas,
  CaracteristicasSchema,
  COR,
  enumLabel,
  enumOptions,
  formatDecimalBR,
  OLHOS,
  type UserView,
} from '@pulso/domain';
import { Controller } from 'react-hook-form';
import { DecimalInput } from '../../ui/decimal-input.tsx';
import { domainResolver } from '../../ui/domain-resolver.ts';
import { EditableFormCard, WIDE_FIELD } from '../../ui/editable-card.tsx';
import { controlledInputProps, SelectField } from '../../ui/editable-card-fields.tsx';
import { InfoList } from '../../ui/info-list.tsx';
import { MaskedTextInput } from '../../ui/masked-text-input.tsx';
import { useCardForm } from '../../ui/use-card-form.ts';
import { useUpdateCaracteristicas } from './api/update-caracteristicas.ts';
import classes from './caracteristicas-card.module.css';

/** Height mask (docs/accounts.md "Physical characteristics": `#,##` metres) in IMask notation. */
const ALTURA_IMASK = '0,00';

/** Values of the physical-characteristics card as typed (comma decimals, enum codes as strings). */
export interface CaracteristicasValues {
  peso: string;
  altura: string;
  cor: string | null;
  olhos: string | null;
  sinal: string;
}

const fields = ['peso', 'altura', 'cor', 'olhos', 'sinal'] as const;

function toValues(c: UserView['caracteristicas']): CaracteristicasValues {
  return {
    peso: c.peso === null ? '' : formatDecimalBR(c.peso, 1),
    altura: c.altura === null ? '' : formatDecimalBR(c.altura, 2),
    cor: c.cor === null ? null : String(c.cor),
    olhos: c.olhos === null ? null : String(c.olhos),
    sinal: c.sinal ?? '',
  };
}

/** `72.5` → `'72,5 kg'`. */
export function formatPeso(peso: number | null): string | null {
  return peso === null ? null : `${formatDecimalBR(peso, 1)} kg`;
}

/** `1.75` → `'1,75 m'`. */
export function formatAltura(altura: number | null): string | null {
  return altura === null ? null : `${formatDecimalBR(altura, 2)} m`;
}

function Unit({ children }: { children: string }) {
  return (
    <span className={classes.unit} aria-hidden="true">
      {children}
    </span>
  );
}

/**
 * 'Características físicas' (docs/accounts.md "Physical characteristics"):
 * weight in kg and height in metres typed with a comma and sent with a dot
 * (the domain schema's output), skin and eye colour, distinguishing marks.
 */
export function CaracteristicasCard({ caracteristicas }: { caracteristicas: UserView['caracteristicas'] }) {
  const card = useCardForm<CaracteristicasValues, Caracteristicas>({
    resolver: domainResolver(CaracteristicasSchema),
    saved: toValues(caracteristicas),
    mutation: useUpdateCaracteristicas(),
    fields,
  });
  const { register, control, formState } = card.form;

  return (
    <EditableFormCard
      title="Características físicas"
      card={card}
      view={
        <InfoList
          items={[
            { label: 'Peso', value: formatPeso(caracteristicas.peso) },
            { label: 'Altura', value: formatAltura(caracteristicas.altura) },
            { label: 'Cor da pele', value: enumLabel(COR, caracteristicas.cor) },
            { label: 'Cor dos olhos', value: enumLabel(OLHOS, caracteristicas.olhos) },
            { label: 'Sinais particulares', value: caracteristicas.sinal, wide: true },
          ]}
        />
      }
    >
      <Controller
        control={control}
        name="peso"
        render={(controller) => (
          <DecimalInput
            integerDigits={3}
            decimals={1}
            {...controlledInputProps(controller)}
            label="Peso"
            description="Em quilos, por exemplo 72,5"
            placeholder="72,5"
            rightSection={<Unit>kg</Unit>}
          />
        )}
      />
      <Controller
        control={control}
        name="altura"
        render={(controller) => (
          <MaskedTextInput
            mask={ALTURA_IMASK}
            {...controlledInputProps(controller)}
            label="Altura"
            description="Em metros, por exemplo 1,75"
            placeholder="1,75"
            inputMode="numeric"
            rightSection={<Unit>m</Unit>}
          />
        )}
      />
      <SelectField control={control} name="cor" label="Cor da pele" data={enumOptions(COR)} />
      <SelectField control={control} name="olhos" label="Cor dos olhos" data={enumOptions(OLHOS)} />
      <Textarea
        {...register('sinal')}
        className={WIDE_FIELD}
        label="Sinais particulares"
        placeholder="Tatuagens, cicatrizes, marcas de nascença, piercings…"
        rows={3}
        resize="vertical"
        maxLength={500}
        error={formState.errors.sinal?.message}
      />
    </EditableFormCard>
  );
}
