import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Image,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  type AdminProfissional,
  formatInstantBR,
  PROFISSIONAL_MOTIVO_MAX,
  PROFISSIONAL_STATUS,
  PROFISSIONAL_STATUS_LABELS,
  PROFISSIONAL_TIPO_LABELS,
  type ProfissionalReview,
  ProfissionalReviewSchema,
  type ProfissionalStatus,
} from '@pulso/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { pageTitles } from '../../../lib/paths.ts';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context.tsx';
import { AppModal } from '../../../ui/app-modal.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { domainResolver } from '../../../ui/domain-resolver.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { QueryError } from '../../../ui/query-error.tsx';
import { applyServerErrors } from '../../../ui/server-errors.ts';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useProfissionais, useReviewProfissional } from './profissionais-api.ts';

const FILTROS = [
  { value: 'pendente', label: 'Pendentes' },
  { value: 'verificado', label: 'Verificados' },
  { value: 'rejeitado', label: 'Recusados' },
  { value: 'todos', label: 'Todos' },
];
const BADGE: Record<ProfissionalStatus, string> = {
  pendente: 'indigo.9',
  verificado: 'teal.9',
  rejeitado: 'red.9',
};

/** 'Recusar' with the reason the professional will read. */
function RejectForm({ p, onDone }: { p: AdminProfissional; onDone: () => void }) {
  const snackbar = useSnackbar();
  const review = useReviewProfissional();
  const form = useForm<{ status: 'rejeitado'; motivo: string }, unknown, ProfissionalReview>({
    resolver: domainResolver(ProfissionalReviewSchema),
    defaultValues: { status: 'rejeitado', motivo: p.motivo_rejeicao ?? '' },
  });
  return (
    <form
      noValidate
      aria-label={`Recusar cadastro de ${p.user.name}`}
      onSubmit={form.handleSubmit((body) =>
        review.mutate(
          { id: p.id, body },
          {
            onSuccess: (answer) => {
              snackbar.success(answer.message);
              onDone();
            },
            onError: (error) => {
              if (!applyServerErrors(error, form.setError, ['motivo'])) snackbar.error(error);
            },
          },
        ),
      )}
    >
      <Stack gap="sm">
        <Textarea
          label="Motivo da recusa"
          description="O profissional poderá ler este motivo."
          required
          autosize
          minRows={2}
          maxLength={PROFISSIONAL_MOTIVO_MAX}
          data-autofocus
          error={form.formState.errors.motivo?.message}
          {...form.register('motivo')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={review.isPending}>
            Cancelar
          </Button>
          <Button type="submit" color="red.9" loading={review.isPending}>
            Recusar cadastro
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One credential: owner, kind, number, status, the document photo and the decisions. */
function ProfissionalCard({ p }: { p: AdminProfissional }) {
  const snackbar = useSnackbar();
  const review = useReviewProfissional();
  const [verifying, setVerifying] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [viewing, setViewing] = useState(false);
  const titleId = `profissional-${p.id}`;
  return (
    <Card component="li" withBorder padding="md" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id={titleId}>
            {p.user.name}
          </Title>
          <Badge color={BADGE[p.status]} variant="filled">
            {PROFISSIONAL_STATUS_LABELS[p.status]}
          </Badge>
        </Group>
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
      </Stack>
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
      <AppModal
        opened={rejecting}
        onClose={() => setRejecting(false)}
        title={`Recusar cadastro de ${p.user.name}`}
      >
        <RejectForm p={p} onDone={() => setRejecting(false)} />
      </AppModal>
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
              onSuccess: (answer) => {
                snackbar.success(answer.message);
                setVerifying(false);
              },
              onError: (error) => {
                snackbar.error(error);
                setVerifying(false);
              },
            },
          )
        }
      >
        {`Confirme que conferiu o documento de ${p.user.name} (${PROFISSIONAL_TIPO_LABELS[p.tipo]} nº ${p.numero}). Verificado, passará a ver os dados de saúde de quem os liberou para profissionais de saúde.`}
      </ConfirmDialog>
    </Card>
  );
}

/**
 * Emergency professionals' credentials (issue 9 "Emergency professionals";
 * admin only): pending first, the document photo in a dialog, verify (asked
 * again) or reject with a reason. Only verified ones count for level 3 of
 * the public view.
 */
export default function ProfissionaisPage() {
  useDocumentTitle(pageTitles.adminProfissionais);
  const [filtro, setFiltro] = useState('pendente');
  const status = (PROFISSIONAL_STATUS as readonly string[]).includes(filtro)
    ? (filtro as ProfissionalStatus)
    : null;
  const list = useProfissionais(status);
  const rows = list.data?.pages.flatMap((p) => p.profissionais) ?? [];
  return (
    <Stack gap="lg">
      <Title order={1}>{pageTitles.adminProfissionais}</Title>
      <div>
        <Text id="profissionais-filtro" size="sm" fw={500} mb={4}>
          Situação
        </Text>
        <SegmentedControl
          aria-labelledby="profissionais-filtro"
          data={FILTROS}
          value={filtro}
          onChange={setFiltro}
        />
      </div>
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <QueryError
          title="Não foi possível carregar os profissionais"
          message={list.error.message}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : rows.length === 0 ? (
        <Text>
          {status === 'pendente' ? 'Nenhum cadastro aguardando verificação.' : 'Nenhum cadastro encontrado.'}
        </Text>
      ) : (
        <>
          <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {rows.map((p) => (
              <ProfissionalCard key={p.id} p={p} />
            ))}
          </Stack>
          {list.hasNextPage && (
            <Button
              variant="outline"
              onClick={() => void list.fetchNextPage()}
              loading={list.isFetchingNextPage}
            >
              Carregar mais
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
