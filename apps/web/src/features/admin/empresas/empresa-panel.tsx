import {
  Badge,
  Button,
  CloseButton,
  Group,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  CONVITE_DIAS_PADRAO,
  CONVITE_SITUACAO_LABELS,
  type ConvitesGerados,
  conviteSituacao,
  type EmpresaMembro,
  formatCnpj,
  formatInstantBR,
  type InvitationsCreate,
  InvitationsCreateSchema,
  MAX_INVITATION_DAYS,
  MAX_INVITATIONS_PER_BATCH,
} from '@pulso/domain';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useSnackbar } from '../../../app/snackbar/snackbar-context.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { domainResolver } from '../../../ui/domain-resolver.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { QueryError } from '../../../ui/query-error.tsx';
import { applyServerErrors } from '../../../ui/server-errors.ts';
import { useDefinirEmpresaAtiva, useEmpresa, useEncerrarVinculo, useGerarConvites } from './empresas-api.ts';

/** The invitation form as typed (NumberInput answers '' when empty). */
interface ConvitesFormValues {
  count: number | string;
  expiresInDays: number | string;
  email: string;
}

/** 'Gerar convites': how many, for how many days, optionally for whom; then the links to copy, shown once. */
function ConvitesForm({ id, disabled }: { id: number; disabled: boolean }) {
  const snackbar = useSnackbar();
  const gerar = useGerarConvites(id);
  const [gerados, setGerados] = useState<ConvitesGerados | null>(null);
  const form = useForm<ConvitesFormValues, unknown, InvitationsCreate>({
    resolver: domainResolver(InvitationsCreateSchema),
    defaultValues: { count: 1, expiresInDays: CONVITE_DIAS_PADRAO, email: '' },
  });
  const submit = form.handleSubmit((values) =>
    gerar.mutate(values, {
      onSuccess: (answer) => {
        setGerados(answer);
        snackbar.success(answer.message);
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setError, ['count', 'expiresInDays', 'email']))
          snackbar.error(error);
      },
    }),
  );
  const copy = async () => {
    if (!gerados) return;
    try {
      await navigator.clipboard.writeText(gerados.links.join('\n'));
      snackbar.success(gerados.links.length === 1 ? 'Link copiado.' : 'Links copiados.');
    } catch {
      snackbar.show('Não foi possível copiar. Selecione os links e copie manualmente.');
    }
  };
  return (
    <Stack gap="sm">
      <form aria-label="Gerar convites" noValidate onSubmit={submit}>
        <Stack gap="sm">
          <Title order={3} size="h5">
            Gerar convites
          </Title>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <Controller
              control={form.control}
              name="count"
              render={({ field }) => (
                <NumberInput
                  label="Quantos convites"
                  description={`De 1 a ${MAX_INVITATIONS_PER_BATCH}`}
                  min={1}
                  max={MAX_INVITATIONS_PER_BATCH}
                  allowDecimal={false}
                  allowNegative={false}
                  maw={180}
                  error={form.formState.errors.count?.message}
                  {...field}
                />
              )}
            />
            <Controller
              control={form.control}
              name="expiresInDays"
              render={({ field }) => (
                <NumberInput
                  label="Validade em dias"
                  description={`De 1 a ${MAX_INVITATION_DAYS}`}
                  min={1}
                  max={MAX_INVITATION_DAYS}
                  allowDecimal={false}
                  allowNegative={false}
                  maw={180}
                  error={form.formState.errors.expiresInDays?.message}
                  {...field}
                />
              )}
            />
            <TextInput
              label="E-mail do destinatário (opcional)"
              type="email"
              autoComplete="off"
              style={{ flex: '1 1 14rem' }}
              error={form.formState.errors.email?.message}
              {...form.register('email')}
            />
          </Group>
          <Group>
            <Button type="submit" loading={gerar.isPending} disabled={disabled}>
              Gerar convites
            </Button>
          </Group>
        </Stack>
      </form>
      {gerados && (
        <Paper withBorder p="sm" radius="md" bg="green.0">
          <Stack gap="xs">
            <Text fw={600}>
              {gerados.links.length === 1 ? '1 link de convite' : `${gerados.links.length} links de convite`}
              {gerados.expires_at ? `, válidos até ${formatInstantBR(gerados.expires_at)}` : ''}. Cada link
              vale para uma pessoa. Copie agora: eles não serão mostrados de novo.
            </Text>
            <Textarea
              label="Links de convite"
              readOnly
              autosize
              minRows={Math.min(gerados.links.length, 6)}
              maxRows={10}
              value={gerados.links.join('\n')}
              onFocus={(event) => event.currentTarget.select()}
            />
            <Group>
              <Button variant="default" onClick={() => void copy()}>
                Copiar links
              </Button>
              <Button variant="subtle" onClick={() => setGerados(null)}>
                Ocultar links
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

/**
 * One company's panel (issue 9 "Companies"): its state, 'Gerar convites',
 * its invitations (available, used or expired; never their tokens) and its
 * members with 'Encerrar vínculo' (confirmed first), and deactivation.
 * Its heading takes the focus when the company opens.
 */
export function EmpresaPanel({ id, onClose }: { id: number; onClose: () => void }) {
  const snackbar = useSnackbar();
  const detalhe = useEmpresa(id);
  const encerrar = useEncerrarVinculo(id);
  const ativar = useDefinirEmpresaAtiva(id);
  const [membro, setMembro] = useState<EmpresaMembro | null>(null);
  const [desativar, setDesativar] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focused = useRef<number | null>(null);
  const loaded = detalhe.data !== undefined;

  // Opening a company moves the focus to its panel, once its data is there.
  useEffect(() => {
    if (loaded && focused.current !== id) {
      focused.current = id;
      headingRef.current?.focus();
    }
  }, [id, loaded]);

  if (detalhe.isPending) return <PageLoader />;
  if (detalhe.isError) {
    return (
      <QueryError
        title="Não foi possível carregar a empresa"
        message={detalhe.error.message}
        onRetry={() => void detalhe.refetch()}
        retrying={detalhe.isFetching}
      />
    );
  }
  const { empresa, convites, membros } = detalhe.data;
  const now = new Date();

  const confirmEncerrar = () => {
    if (!membro) return;
    encerrar.mutate(membro.id, {
      onSuccess: (answer) => {
        snackbar.success(answer.message);
        setMembro(null);
      },
      onError: (error) => {
        setMembro(null);
        snackbar.error(error);
      },
    });
  };
  const definirAtiva = (active: boolean) =>
    ativar.mutate(active, {
      onSuccess: (answer) => {
        snackbar.success(answer.message);
        setDesativar(false);
      },
      onError: (error) => {
        setDesativar(false);
        snackbar.error(error);
      },
    });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="empresa-titulo">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4}>
            <Title order={2} size="h3" id="empresa-titulo" ref={headingRef} tabIndex={-1}>
              {empresa.nome}
            </Title>
            <Group gap="xs">
              <Badge color={empresa.active ? 'teal.9' : 'gray.7'} variant="filled">
                {empresa.active ? 'Ativa' : 'Desativada'}
              </Badge>
              <Text size="sm">{empresa.cnpj ? `CNPJ ${formatCnpj(empresa.cnpj)}` : 'Sem CNPJ'}</Text>
            </Group>
          </Stack>
          <CloseButton aria-label={`Fechar ${empresa.nome}`} onClick={onClose} />
        </Group>

        {empresa.active ? (
          <ConvitesForm id={id} disabled={!empresa.active} />
        ) : (
          <Text size="sm">Empresa desativada: reative-a para gerar convites.</Text>
        )}

        <Title order={3} size="h5">
          Membros ({membros.length})
        </Title>
        {membros.length === 0 ? (
          <Text size="sm">Ninguém se cadastrou por um convite desta empresa ainda.</Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table striped verticalSpacing="xs" aria-label={`Membros de ${empresa.nome}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Nome</Table.Th>
                  <Table.Th scope="col">E-mail</Table.Th>
                  <Table.Th scope="col">Conta criada em</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {membros.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Th scope="row">{m.name}</Table.Th>
                    <Table.Td>{m.email}</Table.Td>
                    <Table.Td>{formatInstantBR(m.created_at)}</Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-sm"
                        variant="outline"
                        color="red.9"
                        aria-label={`Encerrar vínculo de ${m.name}`}
                        onClick={() => setMembro(m)}
                      >
                        Encerrar vínculo
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}

        <Title order={3} size="h5">
          Convites ({convites.length})
        </Title>
        {convites.length === 0 ? (
          <Text size="sm">Nenhum convite gerado ainda.</Text>
        ) : (
          <Table.ScrollContainer minWidth={560} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
            <Table striped verticalSpacing="xs" aria-label={`Convites de ${empresa.nome}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Convite</Table.Th>
                  <Table.Th scope="col">Gerado em</Table.Th>
                  <Table.Th scope="col">Válido até</Table.Th>
                  <Table.Th scope="col">Situação</Table.Th>
                  <Table.Th scope="col">Usado por</Table.Th>
                  <Table.Th scope="col">Para</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {convites.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Th scope="row">nº {c.id}</Table.Th>
                    <Table.Td>{formatInstantBR(c.created_at)}</Table.Td>
                    <Table.Td>{c.expires_at ? formatInstantBR(c.expires_at) : 'Sem prazo'}</Table.Td>
                    <Table.Td>{CONVITE_SITUACAO_LABELS[conviteSituacao(c, now)]}</Table.Td>
                    <Table.Td>{c.used_by?.name ?? (c.used_at ? 'Conta encerrada' : '—')}</Table.Td>
                    <Table.Td>{c.email ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}

        <Group>
          {empresa.active ? (
            <Button variant="outline" color="red.9" onClick={() => setDesativar(true)}>
              Desativar empresa
            </Button>
          ) : (
            <Button variant="default" loading={ativar.isPending} onClick={() => definirAtiva(true)}>
              Reativar empresa
            </Button>
          )}
        </Group>
      </Stack>

      <ConfirmDialog
        opened={membro !== null}
        title="Encerrar vínculo"
        confirmLabel="Encerrar vínculo"
        busy={encerrar.isPending}
        onClose={() => setMembro(null)}
        onConfirm={confirmEncerrar}
      >
        {`Encerrar o vínculo de ${membro?.name ?? ''} com ${empresa.nome}? A conta deixa de ser empresarial: se o período gratuito já terminou, a pessoa precisará de um plano para registrar novos dados.`}
      </ConfirmDialog>
      <ConfirmDialog
        opened={desativar}
        title="Desativar empresa"
        confirmLabel="Desativar"
        busy={ativar.isPending}
        onClose={() => setDesativar(false)}
        onConfirm={() => definirAtiva(false)}
      >
        {`Desativar ${empresa.nome}? Os convites deixam de valer e os ${membros.length} membros deixam de ter conta empresarial até a empresa ser reativada.`}
      </ConfirmDialog>
    </Paper>
  );
}
