import {
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  type AdminDenuncia,
  DENUNCIA_NOTA_MAX,
  DENUNCIA_STATUS,
  DENUNCIA_STATUS_LABELS,
  type DenunciaStatus,
  type DenunciaUpdate,
  DenunciaUpdateSchema,
  formatInstantBR,
} from '@pulso/domain';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { pageTitles } from '../../../lib/paths.ts';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context.tsx';
import { domainResolver } from '../../../ui/domain-resolver.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { QueryError } from '../../../ui/query-error.tsx';
import { applyServerErrors } from '../../../ui/server-errors.ts';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useDenuncias, useUpdateDenuncia } from './denuncias-api.ts';

const STATUS_OPTIONS = DENUNCIA_STATUS.map((s) => ({ value: s, label: DENUNCIA_STATUS_LABELS[s] }));
const FILTROS = [...STATUS_OPTIONS, { value: 'todas', label: 'Todas' }];
const BADGE: Record<DenunciaStatus, string> = {
  aberta: 'red.9',
  em_analise: 'indigo.9',
  resolvida: 'teal.9',
};

/** The status and note form of one report. */
function DenunciaForm({ denuncia }: { denuncia: AdminDenuncia }) {
  const snackbar = useSnackbar();
  const update = useUpdateDenuncia();
  const form = useForm<{ status: DenunciaStatus; nota: string }, unknown, DenunciaUpdate>({
    resolver: domainResolver(DenunciaUpdateSchema),
    defaultValues: { status: denuncia.status, nota: denuncia.nota ?? '' },
  });
  return (
    <form
      noValidate
      aria-label={`Atualizar denúncia nº ${denuncia.id}`}
      onSubmit={form.handleSubmit((body) =>
        update.mutate(
          { id: denuncia.id, body },
          {
            onSuccess: (answer) => snackbar.success(answer.message),
            onError: (error) => {
              if (!applyServerErrors(error, form.setError, ['status', 'nota'])) snackbar.error(error);
            },
          },
        ),
      )}
    >
      <Stack gap="xs">
        <Controller
          control={form.control}
          name="status"
          render={({ field }) => (
            <Select
              label="Situação"
              data={STATUS_OPTIONS}
              value={field.value}
              onChange={(v) => field.onChange(v ?? denuncia.status)}
              allowDeselect={false}
              error={form.formState.errors.status?.message}
              maw={240}
            />
          )}
        />
        <Textarea
          label="Nota da equipe"
          autosize
          minRows={2}
          maxLength={DENUNCIA_NOTA_MAX}
          error={form.formState.errors.nota?.message}
          {...form.register('nota')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Reports against doctors (issue 9 "Reports"; admin and support): filtered
 * by status (open first), newest first, 30 at a time; each with the
 * patient, the doctor, the reason and the date, and a form to change its
 * status and note.
 */
export default function DenunciasPage() {
  useDocumentTitle(pageTitles.adminDenuncias);
  const [filtro, setFiltro] = useState('aberta');
  const status = (DENUNCIA_STATUS as readonly string[]).includes(filtro) ? (filtro as DenunciaStatus) : null;
  const denuncias = useDenuncias(status);
  const rows = denuncias.data?.pages.flatMap((p) => p.denuncias) ?? [];
  return (
    <Stack gap="lg">
      <Title order={1}>{pageTitles.adminDenuncias}</Title>
      <div>
        <Text id="denuncias-filtro" size="sm" fw={500} mb={4}>
          Situação
        </Text>
        <SegmentedControl
          aria-labelledby="denuncias-filtro"
          data={FILTROS}
          value={filtro}
          onChange={setFiltro}
        />
      </div>
      {denuncias.isPending ? (
        <PageLoader />
      ) : denuncias.isError ? (
        <QueryError
          title="Não foi possível carregar as denúncias"
          message={denuncias.error.message}
          onRetry={() => void denuncias.refetch()}
          retrying={denuncias.isFetching}
        />
      ) : rows.length === 0 ? (
        <Text>
          Nenhuma denúncia {status ? `com a situação '${DENUNCIA_STATUS_LABELS[status]}'` : 'registrada'}.
        </Text>
      ) : (
        <>
          <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {rows.map((d) => (
              <Card component="li" key={d.id} withBorder padding="md" aria-labelledby={`denuncia-${d.id}`}>
                <Stack gap="sm">
                  <Group justify="space-between" gap="xs">
                    <Title order={2} size="h4" id={`denuncia-${d.id}`}>
                      Denúncia nº {d.id} contra {d.medico.name}
                    </Title>
                    <Badge color={BADGE[d.status]} variant="filled">
                      {DENUNCIA_STATUS_LABELS[d.status]}
                    </Badge>
                  </Group>
                  <Text size="sm">
                    Feita por {d.paciente.name} ({d.paciente.email}) em {formatInstantBR(d.created_at)}
                  </Text>
                  <Text style={{ whiteSpace: 'pre-wrap' }}>
                    <Text span fw={500}>
                      Motivo:{' '}
                    </Text>
                    {d.motivo}
                  </Text>
                  <DenunciaForm key={`${d.id}-${d.updated_at}`} denuncia={d} />
                </Stack>
              </Card>
            ))}
          </Stack>
          {denuncias.hasNextPage && (
            <Button
              variant="outline"
              onClick={() => void denuncias.fetchNextPage()}
              loading={denuncias.isFetchingNextPage}
            >
              Carregar mais
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
