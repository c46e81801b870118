import { Alert, Button, Group, List, Paper, Stack, Stepper, Text, TextInput, Title } from '@mantine/core';
import {
  type Cidade,
  type EnderecoEntrega,
  EnderecoEntregaSchema,
  formatCentavos,
  PEDIDO_MESSAGES,
  precoComCupom,
  QR_KIT_DESCRICAO,
  QR_KIT_PRECO,
} from '@pulso/domain';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../app/api.ts';
import { pageTitles, paths } from '../../app/paths.ts';
import { useSnackbar } from '../../app/snackbar/snackbar-context.tsx';
import { CidadeAutocomplete } from '../../ui/cidades/cidade-autocomplete.tsx';
import { domainResolver } from '../../ui/domain-resolver.ts';
import { MaskedTextInput } from '../../ui/masked-text-input.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { CardPaymentForm } from '../../ui/payment/card-payment-form.tsx';
import { newIdempotencyKey } from '../../ui/payment/use-payment-submit.ts';
import { QueryError } from '../../ui/query-error.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import {
  type Coupon,
  type PurchaseInfo,
  useCheckCoupon,
  useOrderStickers,
  usePurchaseInfo,
} from './api/pedidos.ts';
import classes from './qrcode-purchase-page.module.css';

/**
 * /qrcode/purchase, 'Pedir adesivos de QR Code' (spec 2 §2, §4 "Purchase
 * stepper", "Coupon", §5 "QR delivery address"; issue 8): a 3-step stepper
 * — (1) the sticker set and its price, (2) the delivery address prefilled
 * from `GET /api/qrcode/purchase`, (3) the payment with an optional coupon:
 * the card form, or a confirmation when the total is 0 (a 100% coupon, or an
 * annual subscriber's free set). On success 'Pedido realizado com sucesso!'
 * and /qrcode/orders.
 */
export default function QrcodePurchasePage() {
  useDocumentTitle(pageTitles.qrcodePurchase);
  const info = usePurchaseInfo();

  return (
    <Stack gap="lg" className={classes.page}>
      <Title order={1}>{pageTitles.qrcodePurchase}</Title>
      {info.isPending ? (
        <PageLoader />
      ) : info.isError ? (
        <QueryError
          title="Não foi possível abrir o pedido"
          message={info.error.message}
          onRetry={() => void info.refetch()}
          retrying={info.isFetching}
        />
      ) : (
        <PurchaseStepper info={info.data} />
      )}
    </Stack>
  );
}

function PurchaseStepper({ info }: { info: PurchaseInfo }) {
  const [step, setStep] = useState(0);
  const [endereco, setEndereco] = useState<EnderecoEntrega | null>(null);
  const headings = useRef<(HTMLHeadingElement | null)[]>([]);
  const goTo = (next: number) => {
    setStep(next);
    // The new step's heading takes the focus, so keyboard and screen-reader users land on it.
    requestAnimationFrame(() => headings.current[next]?.focus());
  };
  const heading = (index: number, text: string) => (
    <Title
      order={2}
      size="h3"
      tabIndex={-1}
      ref={(el) => {
        headings.current[index] = el;
      }}
    >
      {text}
    </Title>
  );

  return (
    <Stepper
      active={step}
      onStepClick={(index) => index < step && goTo(index)}
      allowNextStepsSelect={false}
      size="sm"
      iconSize={32}
      wrap={false}
      className={classes.stepper}
    >
      <Stepper.Step label="Produto" description="Passo 1 de 3">
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            {heading(0, QR_KIT_DESCRICAO.titulo)}
            <List spacing="xs">
              {QR_KIT_DESCRICAO.itens.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
            <Text size="xl" fw={700}>
              {info.valor === 0 ? 'Grátis no seu plano anual' : formatCentavos(QR_KIT_PRECO)}
            </Text>
            <Text c="dimmed">
              {info.valor === 0 ? `Preço normal ${formatCentavos(QR_KIT_PRECO)}. ` : ''}Frete grátis
            </Text>
            <Group justify="space-between">
              <Button component={Link} to={paths.qrcodeGenerate} variant="default">
                Voltar
              </Button>
              <Button onClick={() => goTo(1)}>Continuar</Button>
            </Group>
          </Stack>
        </Paper>
      </Stepper.Step>
      <Stepper.Step label="Entrega" description="Passo 2 de 3">
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            {heading(1, 'Endereço de entrega')}
            <AddressStep
              geral={info.geral}
              saved={endereco}
              onBack={() => goTo(0)}
              onNext={(value) => {
                setEndereco(value);
                goTo(2);
              }}
            />
          </Stack>
        </Paper>
      </Stepper.Step>
      <Stepper.Step label="Pagamento" description="Passo 3 de 3">
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            {heading(2, 'Pagamento')}
            {endereco && <PaymentStep valor={info.valor} endereco={endereco} onBack={() => goTo(1)} />}
          </Stack>
        </Paper>
      </Stepper.Step>
    </Stepper>
  );
}

/** The address as typed: `cidade_texto` is the city input's text, `cep` masked `#####-###`. */
interface AddressValues {
  endereco: string;
  bairro: string;
  cidade: Cidade | null;
  cidade_texto: string;
  cep: string;
  complemento: string;
}

const maskCep = (digits: string) =>
  digits.length === 8 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;

function AddressStep({
  geral,
  saved,
  onBack,
  onNext,
}: {
  geral: PurchaseInfo['geral'];
  saved: EnderecoEntrega | null;
  onBack: () => void;
  onNext: (value: EnderecoEntrega) => void;
}) {
  const form = useForm<AddressValues, unknown, EnderecoEntrega>({
    resolver: domainResolver(EnderecoEntregaSchema),
    defaultValues: {
      endereco: saved?.endereco ?? geral.endereco ?? '',
      bairro: saved?.bairro ?? geral.bairro ?? '',
      cidade: saved?.cidade ?? geral.cidade,
      cidade_texto: (saved?.cidade ?? geral.cidade)?.descricao ?? '',
      cep: saved ? maskCep(saved.cep) : '',
      complemento: saved?.complemento ?? '',
    },
  });
  const {
    register,
    control,
    setValue,
    clearErrors,
    formState: { errors },
  } = form;
  const cidade = useWatch({ control, name: 'cidade' });

  const submit = form.handleSubmit((value) => {
    // A city typed but not chosen from the list is no city.
    const text = form.getValues('cidade_texto').trim();
    if (text !== '' && text !== value.cidade?.descricao) {
      form.setError('cidade', { type: 'choice', message: PEDIDO_MESSAGES.cidade });
      form.setFocus('cidade_texto');
      return;
    }
    onNext(value);
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Endereço de entrega">
      <Stack gap="md">
        <TextInput
          {...register('endereco')}
          label="Endereço"
          placeholder="Rua e número"
          autoComplete="street-address"
          error={errors.endereco?.message}
          withAsterisk
        />
        <TextInput {...register('complemento')} label="Complemento" placeholder="Apto, bloco (opcional)" />
        <TextInput
          {...register('bairro')}
          label="Bairro"
          autoComplete="address-level3"
          error={errors.bairro?.message}
          withAsterisk
        />
        <Controller
          control={control}
          name="cidade_texto"
          render={({ field }) => (
            <CidadeAutocomplete
              text={field.value}
              onTextChange={(text) => {
                field.onChange(text);
                if (text !== cidade?.descricao) setValue('cidade', null);
                clearErrors('cidade');
              }}
              selected={cidade}
              onSelect={(c) => {
                setValue('cidade', c);
                if (c) field.onChange(c.descricao);
                clearErrors('cidade');
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={errors.cidade?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="cep"
          render={({ field }) => (
            <MaskedTextInput
              label="CEP"
              mask="00000-000"
              placeholder="00000-000"
              inputMode="numeric"
              autoComplete="postal-code"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={errors.cep?.message}
              withAsterisk
            />
          )}
        />
        <Group justify="space-between">
          <Button variant="default" onClick={onBack}>
            Voltar
          </Button>
          <Button type="submit">Continuar</Button>
        </Group>
      </Stack>
    </form>
  );
}

function PaymentStep({
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
