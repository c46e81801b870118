import { Checkbox, List, Text } from '@mantine/core';
import { type DoencasUpdate, DoencasUpdateSchema, type DoencaView } from '@pulso/domain';
import { domainResolver } from '../../ui/domain-resolver.ts';
import { EditableFormCard } from '../../ui/editable-card.tsx';
import { useCardForm } from '../../ui/use-card-form.ts';
import { useUpdateDoencas } from './api/update-doencas.ts';
import classes from './doencas-card.module.css';

const fields = ['doencas.0.checked', 'doencas'] as const;

/**
 * 'Doenças' on /saude (docs/api/saude-and-permissoes.md `PUT /api/doencas`): the chronic conditions checklist, shown —
 * the glucose screens classify by 'Diabetes' and tell the patient to mark it here. View mode lists what is
 * marked ('Nenhuma doença marcada.' otherwise); 'Editar' opens the checkboxes, saved together.
 */
export function DoencasCard({ doencas }: { doencas: DoencaView[] }) {
  const card = useCardForm<DoencasUpdate, DoencasUpdate>({
    resolver: domainResolver(DoencasUpdateSchema),
    saved: { doencas: doencas.map(({ id, checked }) => ({ id, checked })) },
    mutation: useUpdateDoencas(),
    fields,
  });
  const { register, formState } = card.form;
  const marcadas = doencas.filter((d) => d.checked);

  return (
    <EditableFormCard
      title="Doenças"
      card={card}
      grid={false}
      view={
        marcadas.length > 0 ? (
          <List aria-label="Doenças marcadas">
            {marcadas.map((d) => (
              <List.Item key={d.id}>{d.nome}</List.Item>
            ))}
          </List>
        ) : (
          <Text c="dimmed">Nenhuma doença marcada.</Text>
        )
      }
    >
      <fieldset className={classes.checklist}>
        <legend className={classes.legend}>Marque as doenças que você tem</legend>
        {doencas.map((doenca, i) => (
          <Checkbox key={doenca.id} label={doenca.nome} {...register(`doencas.${i}.checked`)} />
        ))}
      </fieldset>
      {formState.errors.doencas?.message && (
        <Text c="red.9" size="sm" role="alert">
          {formState.errors.doencas.message}
        </Text>
      )}
    </EditableFormCard>
  );
}
