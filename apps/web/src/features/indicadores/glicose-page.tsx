import { Alert, Anchor, Button, Text, Title } from '@mantine/core';
import {
  GLICOSE_MESSAGES,
  type GlicoseView,
  glicoseFaixa,
  glicosePeriodoLabel,
  INDICADOR_MESSAGES,
} from '@pulso/domain';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { pageTitles, paths } from '../../lib/paths.ts';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { useHistorico, useSaveGlicose } from './api/indicadores-api.ts';
import { GlicoseFields, glicoseCompleta } from './shared/glicose-fields.tsx';
import {
  type Afericao,
  AfericaoFields,
  agora,
  classes,
  type FieldErrorMap,
  IndicadorHeader,
  IndicadorLockedNotice,
  saveFailure,
  ToneBadge,
  UserQueryError,
  useLock,
} from './shared/ui.tsx';

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
  useDocumentTitle(pageTitles.indicadorGlicose);
  const { user, locked } = useLock();
  const historico = useHistorico('glicose');
  const save = useSaveGlicose();
  const snackbar = useSnackbar();
  const formId = useId();

  const [periodo, setPeriodo] = useState('');
  const [value, setValue] = useState('');
  const [quando, setQuando] = useState<Afericao>(agora);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [saved, setSaved] = useState<GlicoseView | null>(null);
  const diabetes = historico.diabetes;

  const submit = () => {
    if (locked) return;
    const local: FieldErrorMap = {};
    if (periodo === '') local.time_of_day = GLICOSE_MESSAGES.periodo;
    else if (!glicoseCompleta(value)) local.value = GLICOSE_MESSAGES.value;
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    save.mutate(
      { value, time_of_day: Number(periodo), ...quando },
      {
        onSuccess: ({ message, glicose }) => {
          setSaved(glicose);
          setValue('');
          setErrors({});
          snackbar.success(message);
        },
        onError: (error) => {
          const failure = saveFailure(error, INDICADOR_MESSAGES.insertError);
          setErrors(failure.fields);
          snackbar.error(failure.message);
        },
      },
    );
  };

  const faixa = saved ? glicoseFaixa(saved.value, diabetes) : null;

  return (
    <div className={classes.page}>
      <IndicadorHeader title={pageTitles.indicadorGlicose}>
        Registre a glicemia capilar do glicosímetro em mg/dL. Uma medição por período do dia: salvar de novo o
        mesmo dia e período atualiza o valor.
      </IndicadorHeader>
      <UserQueryError user={user} />
      {locked && <IndicadorLockedNotice />}

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

      <section className={classes.card} aria-labelledby={`${formId}-d`}>
        <Title order={2} size="h4" id={`${formId}-d`} className={classes.cardTitle}>
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

      <section className={classes.card} aria-labelledby={`${formId}-t`}>
        <Title order={2} size="h4" id={`${formId}-t`} className={classes.cardTitle}>
          Nova medição
        </Title>
        <form
          className={classes.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className={classes.fields}>
            <GlicoseFields
              periodo={periodo}
              onPeriodo={(next) => {
                setPeriodo(next);
                setErrors(({ time_of_day: _, ...rest }) => rest);
              }}
              value={value}
              onValue={(next) => {
                setValue(next);
                setErrors(({ value: _, ...rest }) => rest);
              }}
              diabetes={diabetes}
              errors={errors}
              disabled={locked}
              warning={GLICOSE_MESSAGES.periodoPrimeiro}
            />
            <AfericaoFields
              value={quando}
              onChange={(next) => {
                setQuando(next);
                setErrors(({ data_afericao: _, time_afericao: __, ...rest }) => rest);
              }}
              errors={errors}
              disabled={locked}
            />
          </div>
          <div className={classes.actions}>
            <Button component={Link} to={paths.indicadorGlicoseHistorico} variant="default" size="md">
              Ver histórico
            </Button>
            <Button type="submit" size="md" disabled={locked} loading={save.isPending}>
              Salvar
            </Button>
          </div>
        </form>
      </section>

      {saved && faixa && (
        <section className={classes.card} aria-label="Última medição salva">
          <Title order={2} size="h4" className={classes.cardTitle}>
            Última medição salva
          </Title>
          <div className={classes.result}>
            <span className={classes.resultValue}>{saved.value} mg/dL</span>
            <Text size="sm">{glicosePeriodoLabel(saved.time_of_day)}</Text>
            <ToneBadge label={faixa.label} tom={faixa.tom} />
          </div>
        </section>
      )}
    </div>
  );
}
