import { Button, Group, Stack } from '@mantine/core';
import { formatCrm, formatInstantBR } from '@pulso/domain';
import { useState } from 'react';
import { AppModal } from '../../../ui/app-modal.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { QueryView } from '../../../ui/query-view.tsx';
import { Fact } from '../shared/fact.tsx';
import { useRequestFeedback } from '../shared/use-request-feedback.ts';
import { medicoConfirmation } from './medico-confirmation.ts';
import { MedicoEstado } from './medico-estado.tsx';
import { MedicoForm } from './medico-form.tsx';
import { type MedicoSwitch, useAdminMedico, useMedicoSwitch } from './medicos-api.ts';

/**
 * Doctor `id` in a dialog (closed while null; issue 9 "Doctors"): its state
 * and facts; with `canEdit` (admins), 'Editar dados' (the form in place of
 * the facts) and the switches — verify the CRM, suspend or reactivate, set
 * or remove the support flag — each asked again first.
 */
export function MedicoModal({
  id,
  canEdit,
  onClose,
}: {
  id: number | null;
  canEdit: boolean;
  onClose: () => void;
}) {
  const feedback = useRequestFeedback();
  const medico = useAdminMedico(id);
  const change = useMedicoSwitch(id ?? 0);
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState<{ which: MedicoSwitch; ativo: boolean } | null>(null);
  const detail = medico.data;
  const close = () => {
    setEditing(false);
    onClose();
  };
  const ask = asking && detail ? medicoConfirmation(detail, asking.which, asking.ativo) : null;
  return (
    <>
      <AppModal opened={id !== null && !asking} onClose={close} title={detail?.name ?? 'Médico'} size="lg">
        <QueryView query={medico} errorTitle="Não foi possível carregar o médico">
          {(m) =>
            editing ? (
              <MedicoForm medico={m} onDone={() => setEditing(false)} />
            ) : (
              <Stack gap="md">
                <MedicoEstado medico={m} />
                <Stack component="dl" gap="xs" m={0}>
                  <Fact label="E-mail da conta">{m.email}</Fact>
                  <Fact label="CRMs">{m.crms.length ? m.crms.map(formatCrm).join(', ') : 'Nenhum'}</Fact>
                  <Fact label="Especialidades">{m.especialidades.join(', ') || 'Nenhuma'}</Fact>
                  <Fact label="Município">{m.cidade ?? 'Não informado'}</Fact>
                  <Fact label="Clínicas">{m.clinicas.join(', ') || 'Nenhuma'}</Fact>
                  <Fact label="Verificado em">
                    {m.verified_at ? formatInstantBR(m.verified_at) : 'Não verificado'}
                  </Fact>
                  {m.suspended_at && <Fact label="Suspenso em">{formatInstantBR(m.suspended_at)}</Fact>}
                  <Fact label="Cadastrado em">{formatInstantBR(m.created_at)}</Fact>
                </Stack>
                {canEdit && (
                  <Group gap="sm">
                    <Button variant="default" onClick={() => setEditing(true)}>
                      Editar dados
                    </Button>
                    <Button
                      variant="default"
                      onClick={() => setAsking({ which: 'verificacao', ativo: !m.verified_at })}
                    >
                      {m.verified_at ? 'Retirar verificação' : 'Verificar CRM'}
                    </Button>
                    <Button
                      variant="default"
                      onClick={() => setAsking({ which: 'suspensao', ativo: !m.suspended_at })}
                    >
                      {m.suspended_at ? 'Reativar' : 'Suspender'}
                    </Button>
                    <Button
                      variant="default"
                      onClick={() => setAsking({ which: 'suporte', ativo: !m.suporte })}
                    >
                      {m.suporte ? 'Retirar suporte' : 'Definir como suporte'}
                    </Button>
                  </Group>
                )}
              </Stack>
            )
          }
        </QueryView>
      </AppModal>
      <ConfirmDialog
        opened={ask !== null}
        title={ask?.title ?? ''}
        confirmLabel={ask?.label ?? ''}
        tone={ask?.tone}
        busy={change.isPending}
        onClose={() => setAsking(null)}
        onConfirm={() =>
          asking &&
          change.mutate(asking, {
            onSuccess: feedback.success(() => setAsking(null)),
            onError: feedback.failure(() => setAsking(null)),
          })
        }
      >
        {ask?.text}
      </ConfirmDialog>
    </>
  );
}
