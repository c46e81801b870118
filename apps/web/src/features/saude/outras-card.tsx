import { Textarea } from '@mantine/core';
import { type Outras, OutrasSchema, type UserView } from '@pulso/domain';
import { domainResolver } from '../../ui/domain-resolver.ts';
import { EditableFormCard, WIDE_FIELD } from '../../ui/editable-card.tsx';
import { SelectField } from '../../ui/editable-card-fields.tsx';
import { InfoList } from '../../ui/info-list.tsx';
import { useCardForm } from '../../ui/use-card-form.ts';
import { useUpdateOutras } from './api/update-outras.ts';

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
  const { register, control, formState } = card.form;

  return (
    <EditableFormCard
      title="Outras informações"
      card={card}
      view={
        <InfoList
          items={[
            { label: 'Doador de órgãos', value: doadorLabel(outras.doador) },
            { label: 'Informações adicionais', value: outras.adicional, wide: true },
          ]}
        />
      }
    >
      <SelectField control={control} name="doador" label="Doador de órgãos" data={DOADOR_OPTIONS} />
      <Textarea
        {...register('adicional')}
        className={WIDE_FIELD}
        label="Informações adicionais"
        placeholder="O que mais quem for te socorrer deve saber"
        rows={3}
        resize="vertical"
        maxLength={2000}
        error={formState.errors.adicional?.message}
      />
    </EditableFormCard>
  );
}
