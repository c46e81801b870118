import { Select, Textarea } from '@mantine/core';
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
import { CardFormActions, EditableCard } from '../../ui/editable-card.tsx';
import { InfoList } from '../../ui/info-list.tsx';
import { MaskedTextInput } from '../../ui/masked-text-input.tsx';
import { useCardForm } from '../../ui/use-card-form.ts';
import { useUpdateCaracteristicas } from './api/update-caracteristicas.ts';
import classes from './card-form.module.css';

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
  const {
    register,
    control,
    formState: { errors },
  } = card.form;

  return (
    <EditableCard title="Características físicas" editing={card.editing} onEdit={card.startEditing}>
      {card.editing ? (
        <form noValidate onSubmit={card.submit} aria-label="Editar características físicas">
          <div className={classes.fields}>
            <Controller
              control={control}
              name="peso"
              render={({ field }) => (
                <DecimalInput
                  integerDigits={3}
                  decimals={1}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  label="Peso"
                  description="Em quilos, por exemplo 72,5"
                  placeholder="72,5"
                  rightSection={<Unit>kg</Unit>}
                  error={errors.peso?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="altura"
              render={({ field }) => (
                <MaskedTextInput
                  mask={ALTURA_IMASK}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  label="Altura"
                  description="Em metros, por exemplo 1,75"
                  placeholder="1,75"
                  inputMode="numeric"
                  rightSection={<Unit>m</Unit>}
                  error={errors.altura?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="cor"
              render={({ field }) => (
                <Select
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  label="Cor da pele"
                  placeholder="Escolha"
                  data={enumOptions(COR)}
                  clearable
                  clearButtonProps={{ 'aria-label': 'Limpar cor da pele' }}
                  error={errors.cor?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="olhos"
              render={({ field }) => (
                <Select
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  label="Cor dos olhos"
                  placeholder="Escolha"
                  data={enumOptions(OLHOS)}
                  clearable
                  clearButtonProps={{ 'aria-label': 'Limpar cor dos olhos' }}
                  error={errors.olhos?.message}
                />
              )}
            />
            <Textarea
              {...register('sinal')}
              className={classes.wide}
              label="Sinais particulares"
              placeholder="Tatuagens, cicatrizes, marcas de nascença, piercings…"
              rows={3}
              resize="vertical"
              maxLength={500}
              error={errors.sinal?.message}
            />
          </div>
          <CardFormActions saving={card.saving} onCancel={card.cancel} />
        </form>
      ) : (
        <InfoList
          items={[
            { label: 'Peso', value: formatPeso(caracteristicas.peso) },
            { label: 'Altura', value: formatAltura(caracteristicas.altura) },
            { label: 'Cor da pele', value: enumLabel(COR, caracteristicas.cor) },
            { label: 'Cor dos olhos', value: enumLabel(OLHOS, caracteristicas.olhos) },
            { label: 'Sinais particulares', value: caracteristicas.sinal, wide: true },
          ]}
        />
      )}
    </EditableCard>
  );
}
