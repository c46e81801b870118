import { Text } from '@mantine/core';
import { type CardView, formatCentavos, type PlanoView, periodoSufixo } from '@pulso/domain';
import classes from './planos.module.css';

/** A plan's price as on /planos (docs/payments-and-admin.md "Prices"): 'R$ 7,90' then '/mês' or '/ano'. */
export function PlanoPrice({ plano }: { plano: Pick<PlanoView, 'preco' | 'periodo'> }) {
  return (
    <Text component="p" m={0}>
      <span className={classes.price}>{formatCentavos(plano.preco)}</span>{' '}
      <Text component="span" c="dimmed">
        {periodoSufixo(plano.periodo)}
      </Text>
    </Text>
  );
}

/** 'Visa •••• 4242 · validade 12/30'. */
export function cardLabel(card: CardView): string {
  const brand =
    card.brand === 'unknown' ? 'Cartão' : card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  const month = String(card.exp_month).padStart(2, '0');
  const year = String(card.exp_year % 100).padStart(2, '0');
  return `${brand} •••• ${card.last4} · validade ${month}/${year}`;
}
