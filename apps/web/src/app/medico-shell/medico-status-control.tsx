import { SegmentedControl } from '@mantine/core';
import { MEDICO_STATUS, MEDICO_STATUS_VALUES, type MedicoStatus } from '@pulso/domain';
import { useId } from 'react';
import { useUpdateMedicoStatus } from '../../features/medico/api/update-status.ts';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import classes from './medico-shell.module.css';

/**
 * The doctor's status (docs/telemedicine.md "Doctors": 2 Disponível, 1
 * Ocupado, 0 Offline), which patients see in the search and on the profile.
 * A radio group (arrow keys move and choose); each option carries its name,
 * the dot is only a second cue. Saved at once with `PUT /api/medico/status`
 * ('Status atualizado'); a refused change goes back and the server's message
 * is shown.
 */
export function MedicoStatusControl({ status }: { status: MedicoStatus }) {
  const update = useUpdateMedicoStatus();
  const snackbar = useSnackbar();
  const labelId = useId();

  const change = (value: string) => {
    const next = Number(value) as MedicoStatus;
    if (next === status || update.isPending) return;
    update.mutate(next, {
      onSuccess: ({ message }) => snackbar.success(message),
      onError: (error) => snackbar.error(error),
    });
  };

  return (
    <div className={classes.status}>
      <span id={labelId} className={classes.statusLabel}>
        Status
      </span>
      <SegmentedControl
        aria-labelledby={labelId}
        className={classes.statusControl}
        size="sm"
        color="teal.9"
        value={String(status)}
        onChange={change}
        data={MEDICO_STATUS_VALUES.map((value) => ({
          value: String(value),
          label: (
            <span className={classes.statusOption}>
              <span className={classes.dot} data-status={value} aria-hidden="true" />
              {MEDICO_STATUS[value]}
            </span>
          ),
        }))}
      />
    </div>
  );
}
