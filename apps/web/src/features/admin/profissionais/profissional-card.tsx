import { Anchor, Button, Group, Image, Stack, Text } from '@mantine/core';
import {
  type AdminProfissional,
  formatInstantBR,
  PROFISSIONAL_STATUS_LABELS,
  PROFISSIONAL_TIPO_LABELS,
  type ProfissionalStatus,
} from '@pulso/domain';
import { useState } from 'react';
import { AppModal } from '../../../ui/app-modal.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { RecordCard } from '../shared/record-card.tsx';
import { useRequestFeedback } from '../shared/use-request-feedback.ts';
import { useReviewProfissional } from './profissionais-api.ts';
import { RejectModal } from './reject-modal.tsx';

const BADGE: Record<ProfissionalStatus, string> = {
  pendente: 'indigo.9',
  verificado: 'teal.9',
  rejeitado: 'red.9',
};

/**
 * One credential (issue 9 "Emergency professionals"): owner, kind, number,
 * status, the document photo in a dialog and the decisions — 'Verificar'
 * (asked again) and 'Recusar' (with a reason).
 */
export function ProfissionalCard({ p }: { p: AdminProfissional }) {
  const feedback = useRequestFeedback();
  const review = useReviewProfissional();
  const [verifying, setVerifying] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [viewing, setViewing] = useState(false);
  return (
    <RecordCard
      titleId={`profissional-${p.id}`}
      title={p.user.name}
      badge={{ label: PROFISSIONAL_STATUS_LABELS[p.status], color: BADGE[p.status] }}
    >
      <Text size="sm">
        {PROFISSIONAL_TIPO_LABELS[p.tipo]} · nº {p.numero} · {p.user.email}
      </Text>
      <Text size="sm">
        Cadastrado em {formatInstantBR(p.created_at)}
        {p.reviewed_at ? ` · revisado em ${formatInstantBR(p.reviewed_at)}` : ''}
      </Text>
      {p.motivo_rejeicao && <Text size="sm">Motivo da recusa: {p.motivo_rejeicao}</Text>}
      <Group gap="sm">
        {p.documento ? (
          <Button variant="default" onClick={() => setViewing(true)}>
            Ver documento
          </Button>
        ) : (
          <Text size="sm">Sem foto do documento.</Text>
        )}
        {p.status !== 'verificado' && <Button onClick={() => setVerifying(true)}>Verificar</Button>}
        {p.status !== 'rejeitado' && (
          <Button variant="default" color="red.9" onClick={() => setRejecting(true)}>
            Recusar
          </Button>
        )}
      </Group>
      <AppModal
        opened={viewing}
        onClose={() => setViewing(false)}
        title={`Documento de ${p.user.name}`}
        size="lg"
      >
        {p.documento && (
          <Stack gap="sm">
            <Image
              src={p.documento}
              alt={`Foto do documento de ${p.user.name} (${PROFISSIONAL_TIPO_LABELS[p.tipo]}, nº ${p.numero})`}
              fit="contain"
              mah="70vh"
            />
            <Anchor href={p.documento} target="_blank" rel="noreferrer">
              Abrir em tamanho real
            </Anchor>
          </Stack>
        )}
      </AppModal>
      <RejectModal p={p} opened={rejecting} onClose={() => setRejecting(false)} />
      <ConfirmDialog
        opened={verifying}
        title="Verificar profissional"
        confirmLabel="Verificar"
        tone="neutral"
        busy={review.isPending}
        onClose={() => setVerifying(false)}
        onConfirm={() =>
          review.mutate(
            { id: p.id, body: { status: 'verificado', motivo: null } },
            {
              onSuccess: feedback.success(() => setVerifying(false)),
              onError: feedback.failure(() => setVerifying(false)),
            },
          )
        }
      >
        {`Confirme que conferiu o documento de ${p.user.name} (${PROFISSIONAL_TIPO_LABELS[p.tipo]} nº ${p.numero}). Verificado, passará a ver os dados de saúde de quem os liberou para profissionais de saúde.`}
      </ConfirmDialog>
    </RecordCard>
  );
}
