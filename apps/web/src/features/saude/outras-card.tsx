import { Select, Textarea } from '@mantine/core';
import { type Outras, OutrasSchema, type UserView } from '@pulso/domain';
import { Controller } from 'react-hook-form';
import { domainResolver } from '../../ui/domain-resolver.ts';
import { CardFormActions, EditableCard } from '../../ui/editable-card.tsx';
import { InfoList } from '../../ui/info-list.tsx';
import { useCardForm } from '../../ui/use-card-form.ts';
import { useUpdateOutras } from './api/update-outras.ts';
import classes from './saude-page.module.css';

/** Values of the other-information card as typed (`doador` is `'S'`, `'N'` or unanswered). */
export interface OutrasValues {
  doador: string | null;
  adicional: string;
}

const fields = ['doador', 'adicional'] as const;

const DOADOR_OPTIONS = [
  { value: 'S', label: 'Sim' },
  { value: 'N', label: 'Não' },
];

function doadorLabel(doador: UserView['outras']['doador']): string | null {
  return DOADOR_OPTIONS.find((o) => o.value === doador)?.label ?? null;
}

/**
 * 'Outras informações' (docs/health-record.md "Other information"): organ donor (Sim/Não) and free
 * additional information.
 */
export function OutrasCard({ outras }: { outras: UserView['outras'] }) {
  const card = useCardForm<OutrasValues, Outras>({
    resolver: domainResolver(OutrasSchema),
    saved: { doador: outras.doador, adicional: outras.adicional ?? '' },
    mutation: useUpdateOutras(),
    fields,
  });
  const {
    register,
    control,
    formState: { errors },
  } = card.form;

  return (
    <EditableCard title="Outras informações" editing={card.editing} onEdit={card.startEditing}>
      {card.editing ? (
        <form noValidate onSubmit={card.submit} aria-label="Editar outras informações">
          <div className={classes.fields}>
            <Controller
              control={control}
              name="doador"
              render={({ field }) => (
                <Select
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  label="Doador de órgãos"
                  placeholder="Escolha"
                  data={DOADOR_OPTIONS}
                  clearable
                  clearButtonProps={{ 'aria-label': 'Limpar doador de órgãos' }}
                  error={errors.doador?.message}
                />
              )}
            />
            <Textarea
              {...register('adicional')}
              className={classes.wide}
              label="Informações adicionais"
              placeholder="O que mais quem for te socorrer deve saber"
              rows={3}
              resize="vertical"
              maxLength={2000}
              error={errors.adicional?.message}
            />
          </div>
          <CardFormActions saving={card.saving} onCancel={card.cancel} />
        </form>
      ) : (
        <InfoList
          items={[
            { label: 'Doador de órgãos', value: doadorLabel(outras.doador) },
            { label: 'Informações adicionais', value: outras.adicional, wide: true },
          ]}
        />
      )}
    </EditableCard>
  );
}
