import { Alert, Anchor, Text, Title } from '@mantine/core';
import { GLICOSE_MESSAGES, glicoseFaixa, glicosePeriodoLabel } from '@pulso/domain';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { useHistorico, useSaveGlicose } from './api/indicadores-api.ts';
import { GlicoseFields, glicoseCompleta } from './shared/glicose-fields.tsx';
import { IndicadorEntryPage } from './shared/indicador-entry-page.tsx';
import { classes, type FieldErrorMap, ToneBadge } from './shared/ui.tsx';
import { useIndicadorEntry } from './shared/use-indicador-entry.ts';

/** Measuring tips of the glucose screen (docs/indicators-and-score.md "Glucose"). */
const DICAS = [
  'Lave as mãos com água e sabão e seque bem antes de furar o dedo; álcool ou restos de açúcar alteram o resultado.',
  'Fure a lateral da ponta do dedo, que dói menos, e troque de dedo a cada medição.',
  'Use fitas dentro da validade e guardadas fechadas, longe do calor e da umidade.',
  'Café: meça em jejum, ao acordar. Almoço e janta: antes de comer ou conforme a orientação do seu médico.',
];

/**
 * /indicador/glicose, 'Glicose' (docs/indicators-and-score.md "Glucose";
 * docs/api/indicadores-score-profissional.md "Indicators";
 * docs/accounts.md "Trial and locked accounts"). Measuring tips; while
 * 'Diabetes' is not among the user's conditions (`GET /api/home/glicose`
 * says), the notice linking to /saude; the period selector, the mg/dL field
 * (disabled with a red warning until a period is chosen; 3 digits,
 * placeholder 120), the day and time (now by default), the status alert (with
 * or without diabetes), Salvar and 'Ver histórico'. Saving the same day and
 * period again updates that reading: the snackbar says 'Dado inserido com
 * sucesso!' or 'Dado atualizado com sucesso!'; a failure says the server's
 * message or INDICADOR_MESSAGES.insertError, with 422 errors under the
 * fields.
 */
export default function GlicosePage() {
  const entry = useIndicadorEntry('glicose', useSaveGlicose, (r) => r.glicose, { keepAfericao: true });
  const historico = useHistorico('glicose');
  const dicasId = useId();
  const [periodo, setPeriodo] = useState('');
  const [value, setValue] = useState('');
  const diabetes = historico.diabetes;
  const { saved } = entry;

  const submit = () => {
    const local: FieldErrorMap = {};
    if (periodo === '') local.time_of_day = GLICOSE_MESSAGES.periodo;
    else if (!glicoseCompleta(value)) local.value = GLICOSE_MESSAGES.value;
    entry.submit({
      errors: local,
      body: () => ({ value, time_of_day: Number(periodo), ...entry.quando }),
      reset: () => setValue(''),
    });
  };

  const faixa = saved ? glicoseFaixa(saved.value, diabetes) : null;

  return (
    <IndicadorEntryPage
      entry={entry}
      intro={
        <>
          Registre a glicemia capilar do glicosímetro em mg/dL. Uma medição por período do dia: salvar de novo
          o mesmo dia e período atualiza o valor.
        </>
      }
      historicoNasAcoes
      avisos={
        <>
          {historico.query.isSuccess && !diabetes && (
            <Alert color="blue" variant="light">
              <Text size="sm" mb="xs">
                {GLICOSE_MESSAGES.avisoDiabetes}
              </Text>
              <Anchor component={Link} to={paths.saude} fw={600} size="sm" c="blue.9" underline="always">
                Abrir Minha saúde
              </Anchor>
            </Alert>
          )}
          <section className={classes.card} aria-labelledby={dicasId}>
            <Title order={2} size="h4" id={dicasId} className={classes.cardTitle}>
              Dicas para medir
            </Title>
            <ul className={classes.tips}>
              {DICAS.map((dica) => (
                <li key={dica}>
                  <Text size="sm">{dica}</Text>
                </li>
              ))}
            </ul>
          </section>
        </>
      }
      campos={
        <GlicoseFields
          periodo={periodo}
          onPeriodo={(next) => {
            setPeriodo(next);
            entry.clearErrors('time_of_day');
          }}
          value={value}
          onValue={(next) => {
            setValue(next);
            entry.clearErrors('value');
          }}
          diabetes={diabetes}
          errors={entry.errors}
          disabled={entry.locked}
          warning={GLICOSE_MESSAGES.periodoPrimeiro}
        />
      }
      onSubmit={submit}
      ultima={
        saved &&
        faixa && (
          <>
            <span className={classes.resultValue}>{saved.value} mg/dL</span>
            <Text size="sm">{glicosePeriodoLabel(saved.time_of_day)}</Text>
            <ToneBadge label={faixa.label} tom={faixa.tom} />
          </>
        )
      }
    />
  );
}
