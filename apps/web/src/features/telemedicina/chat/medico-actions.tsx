import { Button } from '@mantine/core';
import { type AtendimentoChat, canSend } from '@pulso/domain';
import { useState } from 'react';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { useBloquearPaciente } from './api/bloquear-paciente.ts';
import { useEncerrarAtendimento } from './api/encerrar-atendimento.ts';

/** The doctor's actions on a session: end it (while A) and block or unblock the patient. */
export function MedicoActions({ chat }: { chat: AtendimentoChat }) {
  const snackbar = useSnackbar();
  const id = chat.atendimento.id;
  const encerrar = useEncerrarAtendimento(id);
  const bloquear = useBloquearPaciente(id, chat.paciente.id);
  const [confirm, setConfirm] = useState<'encerrar' | 'bloquear' | null>(null);
  const bloqueado = chat.paciente.bloqueado;

  const setBloqueio = (next: boolean) =>
    bloquear.mutate(next, {
      onSuccess: (answer) => {
        setConfirm(null);
        snackbar.success(answer.message);
      },
      onError: (error) => snackbar.error(error),
    });

  return (
    <>
      {canSend(chat.atendimento.status) && (
        <Button color="red.9" variant="outline" onClick={() => setConfirm('encerrar')}>
          Encerrar atendimento
        </Button>
      )}
      <Button
        variant="default"
        loading={bloquear.isPending && confirm === null}
        onClick={() => (bloqueado ? setBloqueio(false) : setConfirm('bloquear'))}
      >
        {bloqueado ? 'Desbloquear paciente' : 'Bloquear paciente'}
      </Button>
      <ConfirmDialog
        opened={confirm === 'encerrar'}
        title="Encerrar atendimento"
        confirmLabel="Encerrar"
        busy={encerrar.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() =>
          encerrar.mutate(undefined, {
            onSuccess: (answer) => {
              setConfirm(null);
              snackbar.success(answer.message);
            },
            onError: (error) => snackbar.error(error),
          })
        }
      >
        Depois de encerrado, ninguém poderá enviar novas mensagens neste atendimento. O registro vai para a
        linha do tempo do paciente.
      </ConfirmDialog>
      <ConfirmDialog
        opened={confirm === 'bloquear'}
        title="Bloquear paciente"
        confirmLabel="Bloquear"
        busy={bloquear.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => setBloqueio(true)}
      >
        {chat.paciente.name} não poderá mais lhe pedir atendimentos. Os atendimentos que já existem continuam
        como estão.
      </ConfirmDialog>
    </>
  );
}
