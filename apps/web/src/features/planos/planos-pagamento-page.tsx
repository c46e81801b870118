import { Button, Stack, Text, Title } from '@mantine/core';
import { formatCentavos, type PlanoView, periodoSufixo } from '@pulso/domain';
import { useCallback } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { pageTitles, paths } from '../../lib/paths.ts';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { CardPaymentForm } from '../../ui/payment/card-payment-form.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { returnPath } from '../../ui/return-path.ts';
import { parseRouteId } from '../../ui/route-id.ts';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { usePlanoPagamento } from './api/get-plano-pagamento.ts';
import { useSubscribe } from './api/plano-writes.ts';
import { PlanoPrice } from './plano-price.tsx';
import classes from './planos.module.css';

/**
 * /planos/pagamento/:plano, subscribing (docs/payments-and-admin.md
 * "Plan screens"): the plan (`GET /api/planos/pagamento/{plano}` with its
 * SetupIntent), the card form, `PUT /api/planos/subscribe {stripe_plan,
 * payment_method}`; 'Pagamento realizado com sucesso!' then /planos, or where
 * /planos was opened from (`state.from`, a doctor's profile), with the trial
 * lock lifted. A refusal shows the provider's message in the form.
 */
export default function PlanosPagamentoPage() {
  useDocumentTitle(pageTitles.planosPagamento);
  const planoId = parseRouteId(useParams().plano);
  const pagamento = usePlanoPagamento(planoId);

  return (
    <div className={classes.page}>
      <Title order={1} className={classes.title}>
        {pageTitles.planosPagamento}
      </Title>
      {planoId === null ? (
        <NotFound message="Plano não encontrado." />
      ) : pagamento.isPending ? (
        <PageLoader />
      ) : pagamento.isError ? (
        pagamento.error instanceof ApiError && pagamento.error.status === 404 ? (
          <NotFound message={pagamento.error.message} />
        ) : (
          <QueryError
            title="Não foi possível abrir o pagamento"
            message={pagamento.error.message}
            onRetry={() => void pagamento.refetch()}
            retrying={pagamento.isFetching}
          />
        )
      ) : (
        <Subscribe
          plano={pagamento.data.plano}
          clientSecret={pagamento.data.intent.client_secret}
          renewIntent={() => void pagamento.refetch()}
        />
      )}
    </div>
  );
}

function NotFound({ message }: { message: string }) {
  return (
    <Stack gap="sm" align="flex-start">
      <Text>{message}</Text>
      <Button component={Link} to={paths.planos} variant="default">
        Ver planos
      </Button>
    </Stack>
  );
}

/** `renewIntent`: a confirmed SetupIntent cannot be confirmed again, so a failed subscribe asks for a new one. */
function Subscribe({
  plano,
  clientSecret,
  renewIntent,
}: {
  plano: PlanoView;
  clientSecret: string;
  renewIntent: () => void;
}) {
  const subscribe = useSubscribe(plano.stripe_plan ?? '');
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const back = returnPath(useLocation().state, paths.planos);

  const onPaymentMethod = useCallback(
    async (paymentMethod: string, idempotencyKey: string) => {
      let message: string;
      try {
        ({ message } = await subscribe.mutateAsync({ paymentMethod, idempotencyKey }));
      } catch (error) {
        renewIntent();
        throw error;
      }
      await navigate(back);
      snackbar.success(message);
    },
    [subscribe.mutateAsync, navigate, back, snackbar, renewIntent],
  );

  return (
    <Stack gap="lg">
      <section className={classes.card} aria-labelledby="plano-resumo">
        <Title order={2} id="plano-resumo" className={classes.cardTitle}>
          {plano.nome}
        </Title>
        <PlanoPrice plano={plano} />
        {plano.descricao && <Text>{plano.descricao}</Text>}
        <Text size="sm" c="dimmed">
          {`Cobrança de ${formatCentavos(plano.preco)} agora e a cada ${plano.periodo === 'M' ? 'mês' : 'ano'}, até você cancelar.`}
        </Text>
      </section>
      <section className={classes.card} aria-label="Pagamento">
        <CardPaymentForm
          submitLabel={`Assinar por ${formatCentavos(plano.preco)}${periodoSufixo(plano.periodo)}`}
          onPaymentMethod={onPaymentMethod}
          setupIntentClientSecret={clientSecret}
          secondaryAction={
            <Button component={Link} to={paths.planos} variant="default">
              Voltar
            </Button>
          }
        />
      </section>
    </Stack>
  );
}
