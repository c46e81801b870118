import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { formatCentavos, type PlanoView } from '@pulso/domain';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { pageTitles, paths } from '../../lib/paths.ts';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import { AppModal } from '../../ui/app-modal.tsx';
import { InfoList } from '../../ui/info-list.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { newIdempotencyKey } from '../../ui/payment/use-payment-submit.ts';
import { QueryError } from '../../ui/query-error.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { usePlanos } from './api/get-planos.ts';
import { useChangePlan, usePlanChangePreview } from './api/plano-writes.ts';
import { PlanoPrice } from './plano-price.tsx';
import classes from './planos.module.css';

/**
 * /planos/alterar, changing plan (docs/payments-and-admin.md "Changing plan":
 * the new price charged with the unused paid amount credited): the other
 * plans; 'Escolher' asks `GET /api/planos/alterar/{id}` and shows, before
 * confirming, the credit, what is charged now to the saved card and any
 * balance kept for later. Confirming sends `PUT /api/planos/alterar/{id}`
 * with an `Idempotency-Key`; 'Plano alterado com sucesso!' then /planos.
 */
export default function PlanosAlterarPage() {
  useDocumentTitle(pageTitles.planosAlterar);
  const planos = usePlanos();
  const [chosen, setChosen] = useState<PlanoView | null>(null);

  const current = planos.data?.plano ?? null;
  const others = planos.data?.planos.filter((plano) => plano.id !== current?.id) ?? [];

  return (
    <div className={classes.page}>
      <Title order={1} className={classes.title}>
        {pageTitles.planosAlterar}
      </Title>
      {planos.isPending ? (
        <PageLoader />
      ) : planos.isError ? (
        <QueryError
          title="Não foi possível carregar os planos"
          message={planos.error.message}
          onRetry={() => void planos.refetch()}
          retrying={planos.isFetching}
        />
      ) : !planos.data.subscription || !current ? (
        <Stack gap="sm" align="flex-start">
          <Text>Você não tem um plano ativo.</Text>
          <Button component={Link} to={paths.planos}>
            Ver planos
          </Button>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text>
            {`Seu plano atual é ${current.nome}. A parte não usada do período já pago é descontada do novo plano.`}
          </Text>
          {others.length === 0 ? (
            <Text>Não há outros planos disponíveis no momento.</Text>
          ) : (
            <ul className={classes.list}>
              {others.map((plano) => (
                <li key={plano.id} className={classes.card}>
                  <Title order={2} className={classes.cardTitle}>
                    {plano.nome}
                  </Title>
                  <PlanoPrice plano={plano} />
                  {plano.descricao && <Text>{plano.descricao}</Text>}
                  <Group justify="flex-end" mt="auto">
                    <Button onClick={() => setChosen(plano)} aria-label={`Escolher ${plano.nome}`}>
                      Escolher
                    </Button>
                  </Group>
                </li>
              ))}
            </ul>
          )}
          <Group>
            <Button component={Link} to={paths.planos} variant="default">
              Voltar
            </Button>
          </Group>
        </Stack>
      )}
      {chosen && <ChangeDialog plano={chosen} onClose={() => setChosen(null)} />}
    </div>
  );
}

/** The plan change asked again, with what it costs now; one idempotency key per dialog, renewed after a refusal. */
function ChangeDialog({ plano, onClose }: { plano: PlanoView; onClose: () => void }) {
  const preview = usePlanChangePreview(plano.id);
  const change = useChangePlan();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const [key, setKey] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = () => {
    if (change.isPending) return;
    setFailure(null);
    change.mutate(
      { planoId: plano.id, idempotencyKey: key },
      {
        onSuccess: async ({ message }) => {
          await navigate(paths.planos);
          snackbar.success(message);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 402) setKey(newIdempotencyKey());
          setFailure(error.message);
        },
      },
    );
  };

  const p = preview.data?.prorrateio;
  return (
    <AppModal opened onClose={change.isPending ? () => {} : onClose} title={`Mudar para ${plano.nome}`}>
      <Stack gap="md">
        {preview.isPending ? (
          <PageLoader />
        ) : preview.isError ? (
          <Alert color="red" variant="light" role="alert">
            {preview.error.message}
          </Alert>
        ) : (
          p && (
            <>
              <InfoList
                items={[
                  { label: 'Novo plano', value: <PlanoPrice plano={plano} /> },
                  { label: 'Crédito do período não usado', value: formatCentavos(p.credito) },
                  ...(p.saldo_usado > 0
                    ? [{ label: 'Saldo usado', value: formatCentavos(p.saldo_usado) }]
                    : []),
                  { label: 'Valor a pagar agora', value: <strong>{formatCentavos(p.cobranca)}</strong> },
                  ...(p.saldo > 0
                    ? [{ label: 'Saldo para as próximas cobranças', value: formatCentavos(p.saldo) }]
                    : []),
                ]}
              />
              <Text size="sm">
                {p.cobranca > 0
                  ? `Ao confirmar, ${formatCentavos(p.cobranca)} serão cobrados no seu cartão salvo e um novo período começa hoje.`
                  : 'Ao confirmar, nada será cobrado agora e um novo período começa hoje.'}
              </Text>
            </>
          )
        )}
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={change.isPending} data-autofocus>
            Cancelar
          </Button>
          <Button onClick={confirm} loading={change.isPending} disabled={!p}>
            {p && p.cobranca > 0 ? `Confirmar e pagar ${formatCentavos(p.cobranca)}` : 'Confirmar'}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
