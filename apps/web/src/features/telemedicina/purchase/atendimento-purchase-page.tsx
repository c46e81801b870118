import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { formatCentavos } from '@pulso/domain';
import { useCallback } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { pageTitles, paths } from '../../../lib/paths.ts';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { CardPaymentForm } from '../../../ui/payment/card-payment-form.tsx';
import { QueryError } from '../../../ui/query-error.tsx';
import { returnPath } from '../../../ui/return-path.ts';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useAtendimentoPurchase, useBuyAtendimento } from '../api/purchase-atendimento.ts';
import classes from './atendimento-purchase-page.module.css';

/**
 * /telemedicina/purchase/atendimento, one teleconsultation
 * (docs/payments-and-admin.md "Single consultation"): the price from `GET
 * /api/telemedicina/purchase/atendimento`, the card form whose button shows it
 * ('Pagar R$ 59,90') and 'Voltar'; `PUT` buys one credit, used by the next
 * request to a paid doctor. On success, 'Pagamento realizado com sucesso!' and
 * back to where the purchase was opened (the doctor's profile) or
 * /telemedicina.
 */
export default function AtendimentoPurchasePage() {
  useDocumentTitle(pageTitles.telemedicinaPurchase);
  const purchase = useAtendimentoPurchase();
  const buy = useBuyAtendimento();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const back = returnPath(useLocation().state, paths.telemedicina);

  const onPaymentMethod = useCallback(
    async (paymentMethod: string, idempotencyKey: string) => {
      const { message } = await buy.mutateAsync({ paymentMethod, idempotencyKey });
      await navigate(back, { replace: true });
      snackbar.success(message);
    },
    [buy.mutateAsync, navigate, back, snackbar],
  );

  return (
    <div className={classes.page}>
      <Title order={1} className={classes.title}>
        {pageTitles.telemedicinaPurchase}
      </Title>
      {purchase.isPending ? (
        <PageLoader />
      ) : purchase.isError ? (
        <QueryError
          title="Não foi possível carregar o valor do atendimento"
          message={purchase.error.message}
          onRetry={() => void purchase.refetch()}
          retrying={purchase.isFetching}
        />
      ) : (
        <Stack gap="lg">
          <section className={classes.card} aria-labelledby="atendimento-avulso">
            <Title order={2} id="atendimento-avulso" className={classes.cardTitle}>
              Atendimento avulso
            </Title>
            <Text className={classes.price}>{formatCentavos(purchase.data.user.atendimento_valor)}</Text>
            <Text>
              Um atendimento on-line com um médico de sua escolha. O crédito é usado na sua próxima
              solicitação a um médico.
            </Text>
            {purchase.data.user.hasCredit && (
              <Alert color="blue" variant="light">
                Você já tem um atendimento avulso disponível. Ele será usado na sua próxima solicitação.
              </Alert>
            )}
          </section>
          <section className={classes.card} aria-label="Pagamento">
            <CardPaymentForm
              submitLabel={`Pagar ${formatCentavos(purchase.data.user.atendimento_valor)}`}
              onPaymentMethod={onPaymentMethod}
              secondaryAction={
                <Button component={Link} to={back} variant="default">
                  Voltar
                </Button>
              }
            />
          </section>
        </Stack>
      )}
    </div>
  );
}
