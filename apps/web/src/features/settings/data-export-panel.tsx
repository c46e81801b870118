import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { EXPORTACAO_MESSAGES, type ExportacaoView } from '@pulso/domain';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import { formatDateAtTimeBR } from '../../ui/date-time.ts';
import { useBaixarExportacao, useExportacao, usePedirExportacao } from './api/exportacao.ts';

/** A size in bytes as people read it: `840 KB`, `12,4 MB`. */
function tamanho(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
}

/** What the panel says of the latest request (announced politely as it changes). */
function Estado({ exportacao }: { exportacao: ExportacaoView | null }) {
  if (!exportacao) return null;
  switch (exportacao.status) {
    case 'pendente':
      return (
        <Group gap="xs">
          <Loader size="sm" aria-hidden />
          <Text>
            Preparando seus dados… Você pode sair desta página: avisaremos por e-mail quando estiver pronto.
          </Text>
        </Group>
      );
    case 'pronto':
      return (
        <Text>
          Seu arquivo está pronto{exportacao.bytes ? ` (${tamanho(exportacao.bytes)})` : ''}. Ele pode ser
          baixado até{' '}
          <time dateTime={exportacao.expires_at ?? ''}>
            {formatDateAtTimeBR(exportacao.expires_at ?? '')}
          </time>
          .
        </Text>
      );
    case 'expirado':
      return <Text>O prazo para baixar o último arquivo terminou. Prepare seus dados de novo.</Text>;
    case 'falhou':
      return (
        <Alert color="red" title={EXPORTACAO_MESSAGES.failed}>
          Tente de novo. Se o problema continuar, fale com a equipe do Pulso.
        </Alert>
      );
  }
}

/**
 * 'Baixar meus dados' (docs/data-export.md; LGPD art. 18, II and V): asks for the ZIP with every piece
 * of data Pulso holds about the patient, follows it while it is made (the query asks again every 2 s)
 * and downloads it with the bearer token while it is valid (24 h). One request at a time: while one is
 * being made or ready, the button downloads instead of asking again.
 */
export function DataExportPanel() {
  const snackbar = useSnackbar();
  const exportacao = useExportacao();
  const pedir = usePedirExportacao();
  const baixar = useBaixarExportacao();
  const atual = exportacao.data ?? null;
  const pronto = atual?.status === 'pronto' ? atual : null;

  return (
    <Stack gap="sm" component="section" aria-labelledby="settings-dados">
      <Title order={2} id="settings-dados" size="h3">
        Baixar meus dados
      </Title>
      <Text>
        Receba um arquivo ZIP com tudo o que o Pulso guarda sobre você: dados de emergência, Minha Saúde,
        linha do tempo com anexos, indicadores, atendimentos e mensagens, planos e pagamentos, permissões e
        acessos ao seu código. Ele traz os dados em JSON, um resumo em PDF e os seus arquivos.
      </Text>
      <div aria-live="polite">{exportacao.isSuccess && <Estado exportacao={atual} />}</div>
      {pronto ? (
        <Button
          size="md"
          style={{ alignSelf: 'flex-start' }}
          loading={baixar.isPending}
          onClick={() => baixar.mutate(pronto, { onError: (error) => snackbar.error(error) })}
        >
          Baixar (válido até {formatDateAtTimeBR(pronto.expires_at ?? '')})
        </Button>
      ) : (
        <Button
          size="md"
          variant="outline"
          style={{ alignSelf: 'flex-start' }}
          loading={pedir.isPending}
          disabled={atual?.status === 'pendente' || exportacao.isPending}
          onClick={() => pedir.mutate(undefined, { onError: (error) => snackbar.error(error) })}
        >
          Preparar meus dados
        </Button>
      )}
    </Stack>
  );
}
