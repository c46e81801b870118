import { Stack, Text, Title } from '@mantine/core';
import type { Alertas } from '@pulso/domain';
import { useId } from 'react';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import { QueryView } from '../../ui/query-view.tsx';
import { useAlertas, useUpdateAlertas } from './api/alertas.ts';
import classes from './permissoes-page.module.css';
import { StateSwitch } from './state-switch.tsx';

/**
 * 'Avisos quando abrirem seu código' on /permissoes (docs/code-alerts.md "Alerts"): two switches, by
 * notification and by e-mail, both on by default; each change saved at once and kept in the consent history.
 */
export function AlertasSection() {
  const headingId = useId();
  const query = useAlertas();
  return (
    <section className={classes.section} aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} className={classes.sectionTitle}>
        Avisos quando abrirem seu código
      </Title>
      <Text>
        Quando alguém abrir seu código ou QR Code, avisamos você, no máximo uma vez a cada 10 minutos (as
        outras aberturas vão somadas no aviso seguinte). Se a pessoa compartilhar onde está, o aviso traz o
        lugar no mapa.
      </Text>
      <QueryView query={query} errorTitle="Não foi possível carregar os avisos">
        {({ alertas }) => <AlertasSwitches alertas={alertas} />}
      </QueryView>
    </section>
  );
}

function AlertasSwitches({ alertas }: { alertas: Alertas }) {
  const update = useUpdateAlertas();
  const snackbar = useSnackbar();
  const saving = update.isPending;
  const save = (change: Partial<Alertas>) => {
    if (saving) return;
    update.mutate(change, {
      onSuccess: ({ message }) => snackbar.success(message),
      onError: (error) => snackbar.error(error),
    });
  };
  return (
    <Stack gap="sm">
      <StateSwitch
        label="Avisar por notificação"
        checked={alertas.push}
        onChange={(checked) => save({ push: checked })}
        saving={saving}
        on="Ativado: os aparelhos em que você ativou as notificações recebem o aviso."
        off="Desativado: nenhuma notificação quando abrirem seu código."
      />
      <StateSwitch
        label="Avisar por e-mail"
        checked={alertas.email}
        onChange={(checked) => save({ email: checked })}
        saving={saving}
        on="Ativado: você recebe um e-mail a cada aviso."
        off="Desativado: nenhum e-mail quando abrirem seu código."
      />
    </Stack>
  );
}
