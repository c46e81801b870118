import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { MarcarEnviadoSchema } from '@pulso/domain';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { domainResolver } from '../../../ui/domain-resolver.ts';
import { useRequestFeedback } from '../shared/use-request-feedback.ts';
import { type Pedido, useMarcarEnviado } from './pedidos-api.ts';

/**
 * 'Marcar como enviado' of an order that waits (issue 9 "Orders"): the
 * optional tracking code, then a confirmation in place; the buyer is told
 * by e-mail and notification, and it cannot be undone.
 */
export function EnviarForm({ pedido }: { pedido: Pedido }) {
  const feedback = useRequestFeedback();
  const enviar = useMarcarEnviado();
  const [confirming, setConfirming] = useState<string | null | undefined>(undefined);
  const cancel = useRef<HTMLButtonElement>(null);
  // The question appears below the facts: bring it into view and put the keyboard on 'Cancelar'.
  useEffect(() => {
    if (confirming !== undefined) cancel.current?.focus();
  }, [confirming]);
  const form = useForm<{ rastreio: string }, unknown, { rastreio: string | null }>({
    resolver: domainResolver(MarcarEnviadoSchema),
    defaultValues: { rastreio: '' },
  });
  const send = () =>
    enviar.mutate(
      { id: pedido.id, body: { rastreio: confirming ?? null } },
      {
        onSuccess: feedback.success(() => setConfirming(undefined)),
        onError: feedback.fieldErrors(form.setError, ['rastreio'], () => setConfirming(undefined)),
      },
    );

  if (confirming !== undefined) {
    return (
      <Alert color="blue" title="Confirmar envio">
        <Stack gap="sm">
          <Text size="sm">
            {`Marcar o pedido nº ${pedido.id} como enviado${confirming ? ` com o rastreio ${confirming}` : ', sem código de rastreio'}? ${pedido.comprador.name} receberá um e-mail e uma notificação. Não é possível desfazer.`}
          </Text>
          <Group gap="sm" justify="flex-end">
            <Button
              variant="default"
              onClick={() => setConfirming(undefined)}
              disabled={enviar.isPending}
              data-autofocus
            >
              Cancelar
            </Button>
            <Button onClick={send} loading={enviar.isPending}>
              Confirmar envio
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  return (
    <form
      aria-label="Marcar como enviado"
      noValidate
      onSubmit={form.handleSubmit((values) => setConfirming(values.rastreio))}
    >
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Código de rastreio (opcional)"
          placeholder="AB123456789BR"
          autoComplete="off"
          style={{ flex: '1 1 200px' }}
          error={form.formState.errors.rastreio?.message}
          {...form.register('rastreio')}
        />
        <Button type="submit">Marcar como enviado</Button>
      </Group>
    </form>
  );
}
