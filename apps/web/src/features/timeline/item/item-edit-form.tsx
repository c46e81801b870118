import type { TimelineItemUpdate, TimelineItemView } from '@pulso/domain';
import { CardFormActions } from '../../../ui/editable-card.tsx';
import type { CardForm } from '../../../ui/use-card-form.ts';
import { RecordFields, type RecordFieldValues } from '../shared/record-fields.tsx';
import classes from './timeline-item-page.module.css';

/** Values of the edit form as typed (see {@link RecordFieldValues}). */
export type ItemFormValues = RecordFieldValues;

/** Fields that may receive a 422 from `PUT /api/timeline/item/:id`, the first focused on 'Editar'. */
export const ITEM_FORM_FIELDS = ['data', 'valor', 'medico_id', 'medico_name', 'descricao'] as const;

const reais = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '1234.5' (the API's reais) → 'R$ 1.234,50', the R$ mask's text; null or not a number → ''. */
export function valorToMasked(valor: string | null): string {
  if (valor === null || valor.trim() === '') return '';
  const n = Number(valor);
  return Number.isFinite(n) ? `R$ ${reais.format(n)}` : '';
}

/** The saved record as the edit form shows it. */
export function toFormValues(item: TimelineItemView): ItemFormValues {
  return {
    data: item.data,
    valor: valorToMasked(item.valor),
    medico_id: item.medico_id,
    medico_name: item.medico_name ?? '',
    descricao: item.descricao,
  };
}

/**
 * The edit mode of /timeline/item/:id (docs/health-record.md "Viewing,
 * editing and deleting", "Fields and limits"): date (not in the future),
 * value with the R$ mask (sent cleaned to digits and a decimal point by
 * `TimelineItemUpdateSchema`), doctor by autocomplete among registered
 * doctors or typed freely, description. 'Salvar' / 'Cancelar'.
 */
export function ItemEditForm({ card }: { card: CardForm<ItemFormValues, TimelineItemUpdate> }) {
  return (
    <form noValidate onSubmit={card.submit} aria-label="Editar registro" className={classes.form}>
      <div className={classes.fields}>
        <RecordFields form={card.form} descricaoRows={6} />
      </div>
      <CardFormActions saving={card.saving} onCancel={card.cancel} />
    </form>
  );
}
