import { Button, Stack, Text, Title } from '@mantine/core';
import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import { pageTitles, paths } from '../../lib/paths.ts';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { CardPaymentForm } from '../../ui/payment/card-payment-form.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { useCardIntent } from './api/get-plano-pagamento.ts';
import { usePlanos } from './api/get-planos.ts';
import { useChangeCard } from './api/plano-writes.ts';
import { cardLabel } from './plano-price.tsx';
import classes from './planos.module.css';

/**
 * /pagamento/alterar, changing the saved card (docs/payments-and-admin.md
 * "Saved card"): the current card, the card form with `GET
 * /api/planos/pagamento`'s SetupIntent, `PUT /api/planos/pagamento
 * {payment_method}`; 'Cartão atualizado com sucesso!' then /planos. A refusal
 * shows the provider's message.
 */
export default function PagamentoAlterarPage() {
  useDocumentTitle(pageTitles.pagamentoAlterar);
  const intent = useCardIntent();
  const planos = usePlanos();
  const changeCard = useChangeCard();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const card = planos.data?.paymentMethod;

  const onPaymentMethod = useCallback(
    async (paymentMethod: string, idempotencyKey: string) => {
      let message: string;
      try {
        ({ message } = await changeCard.mutateAsync({ paymentMethod, idempotencyKey }));
      } catch (error) {
        // A confirmed SetupIntent cannot be confirmed again: the next try gets a new one.
        void intent.refetch();
        throw error;
      }
      await navigate(paths.planos);
      snackbar.success(message);
    },
    [changeCard.mutateAsync, navigate, snackbar, intent.refetch],
  );

  return (
    <div className={classes.page}>
      <Title order={1} className={classes.title}>
        {pageTitles.pagamentoAlterar}
      </Title>
      {intent.isPending ? (
        <PageLoader />
      ) : intent.isError ? (
        <QueryError
          title="Não foi possível abrir o pagamento"
          message={intent.error.message}
          onRetry={() => void intent.refetch()}
          retrying={intent.isFetching}
        />
      ) : (
        <Stack gap="lg">
          <Text>
            {card
              ? `Cartão atual: ${cardLabel(card)}. O novo cartão será usado nas próximas cobranças.`
              : 'Informe o cartão das próximas cobranças.'}
          </Text>
          <section className={classes.card} aria-label="Novo cartão">
            <CardPaymentForm
              submitLabel="Salvar cartão"
              onPaymentMethod={onPaymentMethod}
              setupIntentClientSecret={intent.data.intent.client_secret}
              secondaryAction={
                <Button component={Link} to={paths.planos} variant="default">
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
