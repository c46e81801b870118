import { Button, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { pageTitles } from '../../lib/paths.ts';
import { Icon, type IconName } from '../../ui/icon.tsx';
import { LockedButton } from '../../ui/trial-lock/locked-button.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import type { IndicadorKind } from './api/indicadores-api.ts';
import { TELAS } from './shared/telas.ts';
import { classes, IndicadorLockedNotice, UserQueryError, useLock } from './shared/ui.tsx';

interface Entry {
  /** The indicator: its screens and the name of its entry's button are in {@link TELAS}. */
  kind: IndicadorKind;
  title: string;
  text: string;
  icon: IconName;
}

/** The four indicators of /indicador, in the order of docs/indicators-and-score.md "Indicators". */
const ENTRIES: Entry[] = [
  {
    kind: 'pressao',
    title: 'Pressão arterial',
    text: 'Sistólica e diastólica em mmHg.',
    icon: 'heart',
  },
  {
    kind: 'imc',
    title: 'IMC',
    text: 'Índice de massa corporal: seu peso e a altura do perfil.',
    icon: 'body',
  },
  {
    kind: 'oxigenacao',
    title: 'Oxigenação',
    text: 'Saturação de oxigênio (%) e batimentos por minuto.',
    icon: 'chart',
  },
  {
    kind: 'glicose',
    title: 'Glicose',
    text: 'Glicemia capilar em mg/dL, por período do dia.',
    icon: 'bulb',
  },
];

/**
 * /indicador, 'Indicadores de saúde'
 * (docs/indicators-and-score.md "Indicators";
 * docs/accounts.md "Trial and locked accounts"; issue 7 "Indicators"): four
 * entries — Pressão arterial, IMC, Oxigenação, Glicose — each with
 * 'Registrar' (the entry screen) and 'Histórico'. A locked user (trial over,
 * no plan, not corporate) finds 'Registrar' disabled, with 'Seu período
 * gratuito de 1 mês terminou.' and a way to /planos; the histories stay
 * readable.
 */
export default function IndicadoresPage() {
  useDocumentTitle(pageTitles.indicador);
  const { user, locked } = useLock();

  return (
    <div className={classes.page}>
      <Title order={1} className={classes.title}>
        {pageTitles.indicador}
      </Title>
      <Text>Registre suas medições e acompanhe a evolução de cada indicador no histórico.</Text>
      <UserQueryError user={user} />
      {locked && <IndicadorLockedNotice />}
      <ul className={classes.entries}>
        {ENTRIES.map((entry) => {
          const telas = TELAS[entry.kind];
          return (
            <li key={entry.kind}>
              <section className={`${classes.card} ${classes.entry}`} aria-label={entry.title}>
                <div className={classes.entryHead}>
                  <Icon name={entry.icon} size={24} aria-hidden="true" />
                  <Title order={2} size="h3" className={classes.cardTitle}>
                    {entry.title}
                  </Title>
                </div>
                <Text size="sm">{entry.text}</Text>
                <div className={classes.entryActions}>
                  {locked ? (
                    <LockedButton size="md">{telas.registrar}</LockedButton>
                  ) : (
                    <Button component={Link} to={telas.entrada} size="md">
                      {telas.registrar}
                    </Button>
                  )}
                  <Button
                    component={Link}
                    to={telas.historico}
                    size="md"
                    variant="default"
                    aria-label={telas.historicoTitulo}
                  >
                    Histórico
                  </Button>
                </div>
              </section>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
