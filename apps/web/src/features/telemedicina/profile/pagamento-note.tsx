import { Alert, Button, Group, Text } from '@mantine/core';
import { type PagamentoPrevisto, pagamentoPrevistoText } from '@pulso/domain';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import classes from './medico-page.module.css';

/** The search parameter that opens the request dialog when a purchase comes back to the profile. */
export const SOLICITAR_PARAM = 'solicitar';

/**
 * The ways to pay for a request: the single-session purchase and the plans.
 * Both come back to this doctor's profile after paying, with the request
 * dialog open and the reason kept (docs/api/telemedicina.md "What a request will use").
 */
export function PaymentLinks() {
  const { pathname } = useLocation();
  const from = `${pathname}?${SOLICITAR_PARAM}=1`;
  return (
    <Group gap="xs">
      <Button component={Link} to={paths.telemedicinaPurchase} state={{ from }} size="sm">
        Comprar atendimento avulso
      </Button>
      <Button component={Link} to={paths.planos} state={{ from }} size="sm" variant="default">
        Ver planos
      </Button>
    </Group>
  );
}

/**
 * What a request to this doctor will use (the plan, a single-session
 * credit), or what is missing with the ways to pay, shown before the
 * patient writes the reason. Nothing for the support pseudo-doctor.
 */
export function PagamentoNote({ previsto, id }: { previsto: PagamentoPrevisto; id?: string }) {
  const text = pagamentoPrevistoText(previsto);
  if (text === null) return null;
  if (previsto.forma !== null) {
    return (
      <Text id={id} size="sm" className={classes.pagamento}>
        {text}
      </Text>
    );
  }
  return (
    // A note read with the page, not an alert announced on its own (Mantine's default role).
    <Alert id={id} role="note" color="yellow" variant="light" className={classes.pagamento}>
      <Text size="sm" mb="sm">
        {text}
      </Text>
      <PaymentLinks />
    </Alert>
  );
}
