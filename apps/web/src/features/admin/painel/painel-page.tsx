import { Paper, Stack, Text, Title } from '@mantine/core';
import type { AdminCapability } from '@pulso/domain';
import { Link } from 'react-router';
import { type AdminPathKey, pageTitles, paths } from '../../../lib/paths.ts';
import { QueryView } from '../../../ui/query-view.tsx';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useAdminMe } from '../api/get-admin-me.ts';
import { type Painel, usePainel } from '../api/get-painel.ts';
import classes from './painel.module.css';
import { SignupsChart } from './signups-chart.tsx';

interface Stat {
  key: Exclude<keyof Painel, 'cadastros_por_semana'>;
  label: string;
  /** The area the count leads to, when the role may open it. */
  to?: { path: AdminPathKey; capability: AdminCapability };
}

const stats: readonly Stat[] = [
  { key: 'pacientes', label: 'Pacientes' },
  { key: 'planos_ativos', label: 'Planos ativos' },
  {
    key: 'pedidos_abertos',
    label: 'Pedidos aguardando envio',
    to: { path: 'adminPedidos', capability: 'pedidos' },
  },
  { key: 'atendimentos_aguardando', label: 'Atendimentos aguardando médico' },
  {
    key: 'denuncias_abertas',
    label: 'Denúncias abertas',
    to: { path: 'adminDenuncias', capability: 'denuncias' },
  },
];

/**
 * The admin area's home (issue 9 "Dashboard"): the counts that matter —
 * patients, active plans, open orders, sessions waiting, open reports — each
 * leading to its area where the role reaches it, and the weekly sign-ups chart.
 */
export default function PainelPage() {
  useDocumentTitle(pageTitles.admin);
  const painel = usePainel();
  const me = useAdminMe();
  const can = (capability: AdminCapability) => me.data?.capabilities.includes(capability) ?? false;
  return (
    <Stack gap="lg">
      <Title order={1}>{pageTitles.admin}</Title>
      <QueryView query={painel} errorTitle="Não foi possível carregar o painel">
        {(data) => (
          <>
            <div className={classes.stats}>
              {stats.map((s) => {
                const body = (
                  <>
                    <span className={classes.statValue}>{data[s.key].toLocaleString('pt-BR')}</span>
                    <span className={classes.statLabel}>{s.label}</span>
                  </>
                );
                return s.to && can(s.to.capability) ? (
                  <Link key={s.key} to={paths[s.to.path]} className={classes.stat}>
                    {body}
                  </Link>
                ) : (
                  <div key={s.key} className={classes.stat}>
                    {body}
                  </div>
                );
              })}
            </div>
            <Paper withBorder radius="md" p="md">
              {data.cadastros_por_semana.some((s) => s.cadastros > 0) ? (
                <SignupsChart semanas={data.cadastros_por_semana} />
              ) : (
                <Text>Nenhum cadastro de paciente nas últimas 12 semanas.</Text>
              )}
            </Paper>
          </>
        )}
      </QueryView>
    </Stack>
  );
}
