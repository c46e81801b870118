import { Button, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { pageTitles, paths } from '../../lib/paths.ts';
import { Icon, type IconName } from '../../ui/icon.tsx';
import { LockedButton } from '../../ui/trial-lock/locked-button.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { classes, IndicadorLockedNotice, UserQueryError, useLock } from './shared/ui.tsx';

interface Entry {
  title: string;
  text: string;
  icon: IconName;
  to: string;
  historico: string;
  /** Name of the entry's button. */
  registrar: string;
}

/** The four indicators of /indicador, in the spec's order (docs/indicators-and-score.md "Indicators"). */
const ENTRIES: Entry[] = [
  {
    title: 'Pressão arterial',
    registrar: 'Registrar pressão',
    text: 'Sistólica e diastólica em mmHg.',
    icon: 'heart',
    to: paths.indicadorPressao,
    historico: paths.indicadorPressaoHistorico,
  },
  {
    title: 'IMC',
    registrar: 'Registrar IMC',
    text: 'Índice de massa corporal: seu peso e a altura do perfil.',
    icon: 'body',
    to: paths.indicadorImc,
    historico: paths.indicadorImcHistorico,
  },
  {
    title: 'Oxigenação',
    registrar: 'Registrar oxigenação',
    text: 'Saturação de oxigênio (%) e batimentos por minuto.',
    icon: 'chart',
    to: paths.indicadorOxigenacao,
    historico: paths.indicadorOxigenacaoHistorico,
  },
  {
    title: 'Glicose',
    registrar: 'Registrar glicose',
    text: 'Glicemia capilar em mg/dL, por período do dia.',
    icon: 'bulb',
    to: paths.indicadorGlicose,
    historico: paths.indicadorGlicoseHistorico,
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
        {ENTRIES.map((entry) => (
          <li key={entry.to}>
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
                  <LockedButton size="md">{entry.registrar}</LockedButton>
                ) : (
                  <Button component={Link} to={entry.to} size="md">
                    {entry.registrar}
                  </Button>
                )}
                <Button
                  component={Link}
                  to={entry.historico}
                  size="md"
                  variant="default"
                  aria-label={`Histórico de ${entry.title === 'IMC' ? 'IMC' : entry.title.toLowerCase()}`}
                >
                  Histórico
                </Button>
              </div>
            </section>
          </li>
        ))}
      </ul>
    </div>
  );
}
