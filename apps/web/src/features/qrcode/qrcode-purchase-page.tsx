import { Button, Group, List, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { type EnderecoEntrega, formatCentavos, QR_KIT_DESCRICAO, QR_KIT_PRECO } from '@pulso/domain';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { pageTitles, paths } from '../../lib/paths.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { QueryError } from '../../ui/query-error.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { AddressStep } from './address-step.tsx';
import { type PurchaseInfo, usePurchaseInfo } from './api/pedidos.ts';
import { PaymentStep } from './payment-step.tsx';
import classes from './qrcode-purchase-page.module.css';

/**
 * /qrcode/purchase, 'Pedir adesivos de QR Code' (docs/payments-and-admin.md
 * "Sticker orders", "Coupons"; issue 8): a 3-step stepper — (1) the sticker
 * set and its price, (2) the delivery address prefilled from
 * `GET /api/qrcode/purchase`, (3) the payment with an optional coupon: the
 * card form, or a confirmation when the total is 0 (a 100% coupon, or an
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
