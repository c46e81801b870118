import { Button, Paper, Title } from '@mantine/core';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import classes from './editable-card.module.css';

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
