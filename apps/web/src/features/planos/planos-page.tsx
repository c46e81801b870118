import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  type CardView,
  formatInstantBR,
  PLANO_MESSAGES,
  type PlanoView,
  type SubscriptionView,
  trialMessage,
  type UserView,
} from '@pulso/domain';
import { useState } from 'react';
import { generatePath, Link, useLocation } from 'react-router';
import { useUser } from '../../lib/auth.tsx';
import { pageTitles, paths } from '../../lib/paths.ts';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { usePlanos } from './api/get-planos.ts';
import { useCancelOrRenew } from './api/plano-writes.ts';
import { cardLabel, PlanoPrice } from './plano-price.tsx';
import classes from './planos.module.css';

/**
 * /planos (docs/payments-and-admin.md "Plan screens"): with a plan, its name
 * and price, the next charge date — or the chip 'Cancelado' and the last day
 * when `ends_at` is set —, the saved card, and 'Cancelar assinatura' (asked
 * again), 'Reativar assinatura', 'Alterar plano' and 'Alterar cartão'.
 * Without one, the free month first — 'Seu período gratuito termina em
 * 27/12/2026 (30 dias)' and that subscribing charges at once, or that it
 * ended (`trialMessage`, docs/accounts.md "Trial and locked accounts") — then the plans
 * on sale with their price ('R$ 7,90' '/mês'), description and 'Assinar'.
 * Opened with `state.from` (a doctor's profile), 'Assinar' passes it on and
 * the subscription returns there.
 */
export default function PlanosPage() {
  useDocumentTitle(pageTitles.planos);
  const planos = usePlanos();

  return (
    <div className={classes.page}>
      <Title order={1} className={classes.title}>
        {pageTitles.planos}
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
      ) : planos.data.subscription && planos.data.plano ? (
        <CurrentPlan
          subscription={planos.data.subscription}
          plano={planos.data.plano}
          card={planos.data.paymentMethod}
        />
      ) : (
        <PlanList planos={planos.data.planos} />
      )}
    </div>
  );
}

function CurrentPlan({
  subscription,
  plano,
  card,
}: {
  subscription: SubscriptionView;
  plano: PlanoView;
  card: CardView | null;
}) {
  const write = useCancelOrRenew();
  const snackbar = useSnackbar();
  const [confirming, setConfirming] = useState(false);
  const cancelled = subscription.ends_at !== null;

  const run = (action: 'cancelar' | 'renovar') =>
    write.mutate(action, {
      onSuccess: ({ message }) => {
        setConfirming(false);
        snackbar.success(message);
      },
      onError: (error) => {
        setConfirming(false);
        snackbar.error(error);
      },
    });

  return (
    <section className={classes.card} aria-labelledby="plano-atual">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            Seu plano
          </Text>
          <Title order={2} id="plano-atual" className={classes.cardTitle}>
            {plano.nome}
          </Title>
        </Stack>
        {cancelled && (
          <Badge color="red.9" variant="outline" size="lg">
            {PLANO_MESSAGES.chipCancelado}
          </Badge>
        )}
      </Group>
      <PlanoPrice plano={plano} />
      {plano.descricao && <Text>{plano.descricao}</Text>}
      <Text>
        {cancelled && subscription.ends_at
          ? `Seu plano continua ativo até ${formatInstantBR(subscription.ends_at)}.`
          : `Próxima cobrança em ${formatInstantBR(subscription.current_period_end)}.`}
      </Text>
      <Text>{card ? `Cartão: ${cardLabel(card)}` : 'Nenhum cartão salvo.'}</Text>
      <div className={classes.actions}>
        {cancelled ? (
          <Button onClick={() => run('renovar')} loading={write.isPending}>
            Reativar assinatura
          </Button>
        ) : (
          <Button variant="outline" color="red.9" onClick={() => setConfirming(true)}>
            Cancelar assinatura
          </Button>
        )}
        <Button component={Link} to={paths.planosAlterar} variant="default">
          Alterar plano
        </Button>
        <Button component={Link} to={paths.pagamentoAlterar} variant="default">
          Alterar cartão
        </Button>
      </div>
      <ConfirmDialog
        opened={confirming}
        title="Cancelar assinatura?"
        confirmLabel="Confirmar cancelamento"
        cancelLabel="Voltar"
        busy={write.isPending}
        onConfirm={() => run('cancelar')}
        onClose={() => setConfirming(false)}
      >
        {`Seu plano continua ativo até ${formatInstantBR(subscription.current_period_end)} e não será renovado. Você pode reativá-lo até lá.`}
      </ConfirmDialog>
    </section>
  );
}

/**
 * The free month as the patient reads it above the plans: how long it lasts
 * and when a plan is first charged, or that it ended. Nothing for a
 * corporate account (its company pays) or while the user loads.
 */
function TrialNotice({ user }: { user: UserView | undefined }) {
  if (!user || user.empresarial) return null;
  if (user.trialEnded) {
    return (
      <Text fw={500}>
        {trialMessage(user.created_at)} Assine um plano para continuar usando a linha do tempo, os indicadores
        e o mapa da dor.
      </Text>
    );
  }
  return (
    <div className={classes.trial}>
      <Text fw={700}>{trialMessage(user.created_at)}</Text>
      <Text>
        Até lá você usa tudo sem pagar. Ao assinar, a primeira cobrança é feita na hora, no cartão que você
        informar, e se repete a cada mês ou ano a partir desse dia, até você cancelar. Para aproveitar todo o
        período gratuito, assine perto do fim dele.
      </Text>
    </div>
  );
}

function PlanList({ planos }: { planos: PlanoView[] }) {
  const user = useUser();
  // Opened from a doctor's profile to pay for a request: the subscription goes back there (ui/return-path.ts).
  const { state } = useLocation();
  if (planos.length === 0) {
    return <Text>Nenhum plano disponível no momento.</Text>;
  }
  return (
    <Stack gap="md">
      <TrialNotice user={user.data?.user} />
      <ul className={classes.list}>
        {planos.map((plano) => (
          <li key={plano.id} className={classes.card} aria-labelledby={`plano-${plano.id}`}>
            <Title order={2} id={`plano-${plano.id}`} className={classes.cardTitle}>
              {plano.nome}
            </Title>
            <PlanoPrice plano={plano} />
            {plano.descricao && <Text>{plano.descricao}</Text>}
            <Group justify="flex-end" mt="auto">
              <Button
                component={Link}
                to={generatePath(paths.planosPagamento, { plano: String(plano.id) })}
                state={state}
                aria-label={`Assinar ${plano.nome}`}
              >
                Assinar
              </Button>
            </Group>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
