import { Button, Loader, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { TELAS } from './telas.ts';
import { AfericaoFields, classes, IndicadorHeader, IndicadorLockedNotice, UserQueryError } from './ui.tsx';
import type { IndicadorEntryState } from './use-indicador-entry.ts';

/**
 * An indicator's entry screen (docs/indicators-and-score.md "Indicators", "Readings: day and time";
 * docs/accounts.md "Trial and locked accounts"): the heading with `intro` and 'Ver histórico'; the
 * user query's failure; the locked notice (the form disabled, with a way to /planos); `avisos`; the
 * 'Nova medição' card with `alerta`, the indicator's `campos`, the day and time, the live `resultado`
 * and Salvar; and `ultima`, the reading saved last (or another, under `ultimaTitulo`). While
 * `carregando`, only the heading and a loader.
 */
export function IndicadorEntryPage({
  entry,
  intro,
  historicoNasAcoes = false,
  carregando = false,
  avisos,
  formulario = true,
  formularioIntro,
  alerta,
  campos,
  resultado,
  onSubmit,
  ultima,
  ultimaTitulo = 'Última medição salva',
}: {
  entry: IndicadorEntryState;
  /** The heading's line of text: how to measure. */
  intro: ReactNode;
  /** 'Ver histórico' next to Salvar instead of under the heading (glucose). */
  historicoNasAcoes?: boolean;
  carregando?: boolean;
  /** Notices between the heading and the form (a missing height, the diabetes notice, tips). */
  avisos?: ReactNode;
  /** False while the form cannot be used (BMI without a height). */
  formulario?: boolean;
  /** A line between the card's title and the form (BMI: the profile's height). */
  formularioIntro?: ReactNode;
  /** A warning above the fields (blood pressure: a refused pair). */
  alerta?: ReactNode;
  /** The indicator's own fields; the day and time follow them. */
  campos: ReactNode;
  /** The live result under the fields: its label, the value once there is one (else null), else what to type. */
  resultado?: { label: string; valor: ReactNode; vazio: string };
  onSubmit: () => void;
  /** A reading below the form: the one saved last. */
  ultima?: ReactNode;
  /** Its card's title and name (BMI before a save: 'Medição mais recente'). */
  ultimaTitulo?: string;
}) {
  const formId = useId();
  const telas = TELAS[entry.kind];
  const verHistorico = (props: { size?: 'md' }) => (
    <Button component={Link} to={telas.historico} variant="default" {...props}>
      Ver histórico
    </Button>
  );
  const header = (
    <IndicadorHeader title={telas.titulo} links={historicoNasAcoes ? undefined : verHistorico({})}>
      {intro}
    </IndicadorHeader>
  );

  if (carregando) {
    return (
      <div className={classes.page}>
        {header}
        <Loader aria-label="Carregando" />
      </div>
    );
  }

  return (
    <div className={classes.page}>
      {header}
      <UserQueryError user={entry.user} />
      {entry.locked && <IndicadorLockedNotice />}
      {avisos}

      {formulario && (
        <section className={classes.card} aria-labelledby={`${formId}-t`}>
          <Title order={2} size="h4" id={`${formId}-t`} className={classes.cardTitle}>
            Nova medição
          </Title>
          {formularioIntro}
          <form
            className={classes.form}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              onSubmit();
            }}
          >
            {alerta}
            <div className={classes.fields}>
              {campos}
              <AfericaoFields {...entry.afericao} />
            </div>
            {resultado && (
              <div className={classes.result} aria-live="polite">
                <Text fw={600}>{resultado.label}</Text>
                {resultado.valor ?? <Text size="sm">{resultado.vazio}</Text>}
              </div>
            )}
            <div className={classes.actions}>
              {historicoNasAcoes && verHistorico({ size: 'md' })}
              <Button type="submit" size="md" disabled={entry.locked} loading={entry.saving}>
                Salvar
              </Button>
            </div>
          </form>
        </section>
      )}

      {ultima && (
        <section className={classes.card} aria-label={ultimaTitulo}>
          <Title order={2} size="h4" className={classes.cardTitle}>
            {ultimaTitulo}
          </Title>
          <div className={classes.result}>{ultima}</div>
        </section>
      )}
    </div>
  );
}
