import { Button, Group, Stack } from '@mantine/core';
import { GLICOSE_MESSAGES, type GlicoseView, INDICADOR_MESSAGES } from '@pulso/domain';
import { useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context.tsx';
import { AppModal } from '../../../ui/app-modal.tsx';
import { useUpdateGlicose } from '../api/indicadores-api.ts';
import { GlicoseFields, glicoseCompleta } from './glicose-fields.tsx';
import { AfericaoFields, classes, saveFailure } from './ui.tsx';
import { useLeituraForm } from './use-leitura-form.ts';

/**
 * The edit dialog of a glucose reading (docs/api/indicadores-score-profissional.md "Indicators"
 * `PATCH /api/home/glicose/{id}`
 * `{index, value, data_afericao, time_afericao}`): period, value, day and time.
 * A day and period another reading holds is refused (409) with the server's
 * message under the period; other failures show the server's message or
 * 'Ocorreu um erro ao atualizar o dado.'. Nothing typed is lost.
 */
export function GlicoseEditDialog({
  leitura,
  diabetes,
  onClose,
}: {
  leitura: GlicoseView | null;
  diabetes: boolean;
  onClose: () => void;
}) {
  return (
    <AppModal opened={leitura !== null} onClose={onClose} title="Editar medição de glicose">
      {leitura && <EditForm key={leitura.id} leitura={leitura} diabetes={diabetes} onClose={onClose} />}
    </AppModal>
  );
}

function EditForm({
  leitura,
  diabetes,
  onClose,
}: {
  leitura: GlicoseView;
  diabetes: boolean;
  onClose: () => void;
}) {
  const update = useUpdateGlicose();
  const snackbar = useSnackbar();
  const [periodo, setPeriodo] = useState(String(leitura.time_of_day));
  const [value, setValue] = useState(String(leitura.value));
  const { quando, errors, setErrors, clearErrors, afericao } = useLeituraForm({
    data_afericao: leitura.data_afericao,
    time_afericao: leitura.time_afericao,
  });

  const submit = () => {
    if (periodo === '') return setErrors({ index: GLICOSE_MESSAGES.periodo });
    if (!glicoseCompleta(value)) return setErrors({ value: GLICOSE_MESSAGES.value });
    update.mutate(
      { id: leitura.id, index: Number(periodo), value, ...quando },
      {
        onSuccess: ({ message }) => {
          snackbar.success(message);
          onClose();
        },
        onError: (error) => {
          const failure = saveFailure(error, INDICADOR_MESSAGES.updateError);
          if (error instanceof ApiError && error.status === 409) failure.fields.index = error.message;
          setErrors(failure.fields);
          snackbar.error(failure.message);
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <GlicoseFields
          periodo={periodo}
          onPeriodo={(next) => {
            setPeriodo(next);
            clearErrors('index');
          }}
          value={value}
          onValue={(next) => {
            setValue(next);
            clearErrors('value');
          }}
          diabetes={diabetes}
          errors={errors}
          warning={GLICOSE_MESSAGES.periodoPrimeiro}
        />
        <AfericaoFields {...afericao()} />
        <Group justify="flex-end" className={classes.actions}>
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={update.isPending}>
            Salvar alterações
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
