import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  type EnderecoEntrega,
  formatCentavos,
  PEDIDO_MESSAGES,
  precoComCupom,
  QR_KIT_PRECO,
} from '@pulso/domain';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { paths } from '../../lib/paths.ts';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import { CardPaymentForm } from '../../ui/payment/card-payment-form.tsx';
import { newIdempotencyKey } from '../../ui/payment/use-payment-submit.ts';
import { maskCep } from './address-step.tsx';
import { type Coupon, useCheckCoupon, useOrderStickers } from './api/pedidos.ts';
import classes from './qrcode-purchase-page.module.css';

/**
 * Step 3 of /qrcode/purchase, 'Pagamento' (docs/api/pagamentos.md "QR sticker orders"): the optional coupon,
 * then the card form — or, when the total is 0 (a 100% coupon, an annual subscriber's free set), a
 * confirmation without a card. On success 'Pedido realizado com sucesso!' and /qrcode/orders.
 */
export function PaymentStep({
  valor,
  endereco,
  onBack,
}: {
  valor: number;
  endereco: EnderecoEntrega;
  onBack: () => void;
}) {
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const order = useOrderStickers();
  const checkCoupon = useCheckCoupon();
  const [couponText, setCouponText] = useState('');
  const [couponError, setCouponError] = useState<string | null>(null);
  const [coupon, setCoupon] = useState<Coupon | null>(null);
  const freeKey = useRef(newIdempotencyKey());
  const total = coupon ? precoComCupom(valor, coupon.desconto) : valor;

  const ordered = useCallback(
    async (message: string) => {
      await navigate(paths.qrcodeOrders);
      snackbar.success(message);
    },
    [navigate, snackbar],
  );

  const onPaymentMethod = useCallback(
    async (paymentMethod: string, idempotencyKey: string) => {
      const { message } = await order.mutateAsync({
        endereco,
        coupon,
        valor: total,
        paymentMethod,
        idempotencyKey,
      });
      await ordered(message);
    },
    [order.mutateAsync, endereco, coupon, total, ordered],
  );

  const applyCoupon = (event: FormEvent) => {
    event.preventDefault();
    if (couponText.trim() === '' || checkCoupon.isPending) return;
    setCouponError(null);
    checkCoupon.mutate(couponText, {
      onSuccess: (found) => {
        setCoupon(found);
        setCouponText('');
        snackbar.success(PEDIDO_MESSAGES.cupomAplicado);
      },
      onError: (error) => {
        const message = error instanceof ApiError ? error.message : 'Não foi possível verificar o cupom.';
        setCouponError(message);
        snackbar.error(message);
      },
    });
  };

  const removeCoupon = () => {
    setCoupon(null);
    snackbar.success(PEDIDO_MESSAGES.cupomRemovido);
  };

  const finishFree = () => {
    if (order.isPending) return;
    order.mutate(
      { endereco, coupon, valor: 0, paymentMethod: null, idempotencyKey: freeKey.current },
      { onSuccess: ({ message }) => void ordered(message), onError: snackbar.error },
    );
  };

  const annualFree = valor === 0;

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Entrega em: {endereco.endereco}
        {endereco.complemento ? `, ${endereco.complemento}` : ''} — {endereco.bairro},{' '}
        {endereco.cidade?.descricao}, CEP {maskCep(endereco.cep)}
      </Text>
      {!annualFree && (
        <form onSubmit={applyCoupon} aria-label="Cupom de desconto">
          {coupon ? (
            <Group justify="space-between" className={classes.couponApplied}>
              <Text>
                Cupom <strong>{coupon.nome}</strong>: {coupon.desconto}% de desconto
              </Text>
              <Button variant="default" onClick={removeCoupon}>
                Remover cupom
              </Button>
            </Group>
          ) : (
            <Group align="flex-start" gap="sm" wrap="nowrap">
              <TextInput
                className={classes.couponInput}
                label="Cupom de desconto"
                placeholder="Opcional"
                value={couponText}
                onChange={(e) => {
                  setCouponText(e.currentTarget.value);
                  setCouponError(null);
                }}
                error={couponError}
                autoCapitalize="characters"
                autoComplete="off"
                maxLength={40}
              />
              <Button
                type="submit"
                variant="outline"
                className={classes.couponButton}
                disabled={couponText.trim() === ''}
                loading={checkCoupon.isPending}
              >
                Aplicar
              </Button>
            </Group>
          )}
        </form>
      )}
      <dl className={classes.summary}>
        <div>
          <dt>Kit com 4 adesivos</dt>
          <dd>{formatCentavos(QR_KIT_PRECO)}</dd>
        </div>
        {annualFree && (
          <div>
            <dt>Plano anual</dt>
            <dd>− {formatCentavos(QR_KIT_PRECO)}</dd>
          </div>
        )}
        {coupon && (
          <div>
            <dt>Desconto ({coupon.desconto}%)</dt>
            <dd>− {formatCentavos(valor - total)}</dd>
          </div>
        )}
        <div>
          <dt>Frete</dt>
          <dd>Grátis</dd>
        </div>
        <div className={classes.total}>
          <dt>Total</dt>
          <dd>{formatCentavos(total)}</dd>
        </div>
      </dl>
      {total === 0 ? (
        <Stack gap="sm">
          <Alert color="blue" title="Pedido grátis">
            {annualFree
              ? 'Seu plano anual inclui um kit de adesivos grátis. Confirme para fazer o pedido.'
              : 'Com o cupom, seu pedido ficou grátis. Confirme para fazer o pedido.'}
          </Alert>
          <Group justify="space-between">
            <Button variant="default" onClick={onBack}>
              Voltar
            </Button>
            <Button onClick={finishFree} loading={order.isPending}>
              Confirmar pedido grátis
            </Button>
          </Group>
        </Stack>
      ) : (
        <CardPaymentForm
          submitLabel={`Pagar ${formatCentavos(total)}`}
          onPaymentMethod={onPaymentMethod}
          secondaryAction={
            <Button variant="default" onClick={onBack}>
              Voltar
            </Button>
          }
        />
      )}
    </Stack>
  );
}
