import { Button, Paper, Title } from '@mantine/core';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import type { FieldValues } from 'react-hook-form';
import classes from './editable-card.module.css';
import type { CardForm } from './use-card-form.ts';

/** Class of a field that spans both columns of an {@link EditableFormCard}'s form. */
export const WIDE_FIELD = classes.wide;

/**
 * A titled card (`<section>` named by its `<h2>`) with a view mode and an edit
 * mode: 'Editar' switches to editing; when editing ends (saved or cancelled)
 * focus returns to 'Editar' so keyboard users keep their place.
 */
export function EditableCard({
  title,
  editing,
  onEdit,
  children,
}: {
  title: string;
  editing: boolean;
  onEdit: () => void;
  children: ReactNode;
}) {
  const headingId = useId();
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);

  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      p="lg"
      className={classes.card}
    >
      <div className={classes.header}>
        <Title order={2} id={headingId} className={classes.title}>
          {title}
        </Title>
        {!editing && (
          <Button
            ref={editButton}
            variant="default"
            className={classes.editButton}
            onClick={onEdit}
            aria-label={`Editar ${title.toLowerCase()}`}
          >
            Editar
          </Button>
        )}
      </div>
      {children}
    </Paper>
  );
}

/** 'Cancelar' and 'Salvar' (the form's submit button) at the end of an {@link EditableCard}'s form. */
export function CardFormActions({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  return (
    <div className={classes.actions}>
      <Button variant="default" onClick={onCancel} disabled={saving}>
        Cancelar
      </Button>
      <Button type="submit" loading={saving}>
        Salvar
      </Button>
    </div>
  );
}

/**
 * An {@link EditableCard} run by {@link CardForm} (`useCardForm`): `view` in
 * view mode; in edit mode the form 'Editar <title>' with `children` laid out
 * in two columns (one on a phone), or as they are when `grid` is false,
 * above {@link CardFormActions}.
 */
export function EditableFormCard<TValues extends FieldValues, TOutput>({
  title,
  card,
  view,
  grid = true,
  children,
}: {
  title: string;
  card: CardForm<TValues, TOutput>;
  view: ReactNode;
  grid?: boolean;
  children: ReactNode;
}) {
  return (
    <EditableCard title={title} editing={card.editing} onEdit={card.startEditing}>
      {card.editing ? (
        <form noValidate onSubmit={card.submit} aria-label={`Editar ${title.toLowerCase()}`}>
          {grid ? <div className={classes.fields}>{children}</div> : children}
          <CardFormActions saving={card.saving} onCancel={card.cancel} />
        </form>
      ) : (
        view
      )}
    </EditableCard>
  );
}
