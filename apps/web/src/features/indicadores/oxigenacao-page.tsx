import { Button, Text, Title } from '@mantine/core';
import {
  classificarOxigenacao,
  INDICADOR_MESSAGES,
  OXIGENACAO_MESSAGES,
  OXIGENACAO_STATUS_VISUAL,
  type OxigenacaoView,
  saturacaoProblema,
} from '@pulso/domain';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { pageTitles, paths } from '../../lib/paths.ts';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import { MaskedTextInput } from '../../ui/masked-text-input.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { useSaveOxigenacao } from './api/indicadores-api.ts';
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

const complete = (text: string) => /^\d{2,3}$/.test(text);

/** What is wrong with a saturation as typed (%), or null when it may be saved: the domain's rule. */
function saturacaoTypedProblema(text: string): string | null {
  return complete(text) ? saturacaoProblema(Number(text)) : OXIGENACAO_MESSAGES.saturacao;
}

/**
 * /indicador/oxigenacao, 'Oxigenação'
 * (docs/indicators-and-score.md "Oxygen saturation";
 * docs/api/indicadores-score-profissional.md "Indicators" `POST /api/home/oxigenacao`;
 * docs/accounts.md "Trial and locked accounts"). Saturation (%, 2–3 digits,
 * up to 100; below 50 is a measuring error) and pulse (bpm, 2–3 digits), the
 * day and time (now by default), the category shown live with its label
 * (95–100 normal, 91–94 atenção, ≤ 90 alterada).
 */
export default function OxigenacaoPage() {
  useDocumentTitle(pageTitles.indicadorOxigenacao);
  const { user, locked } = useLock();
  const save = useSaveOxigenacao();
  const snackbar = useSnackbar();
  const formId = useId();

  const [saturacao, setSaturacao] = useState('');
  const [bpm, setBpm] = useState('');
  const [quando, setQuando] = useState<Afericao>(agora);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [saved, setSaved] = useState<OxigenacaoView | null>(null);

  const status = saturacaoTypedProblema(saturacao) === null ? classificarOxigenacao(Number(saturacao)) : null;

  const submit = () => {
    if (locked) return;
    const local: FieldErrorMap = {};
    const problema = saturacaoTypedProblema(saturacao);
    if (problema) local.saturacao = problema;
    if (!complete(bpm)) local.bpm = OXIGENACAO_MESSAGES.bpm;
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    save.mutate(
      { saturacao, bpm, ...quando },
      {
        onSuccess: ({ message, oxigenacao }) => {
          setSaved(oxigenacao);
          setSaturacao('');
          setBpm('');
          setQuando(agora());
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

  return (
    <div className={classes.page}>
      <IndicadorHeader
        title={pageTitles.indicadorOxigenacao}
        links={
          <Button component={Link} to={paths.indicadorOxigenacaoHistorico} variant="default">
            Ver histórico
          </Button>
        }
      >
        Use o oxímetro de pulso no dedo, com a mão aquecida, sem esmalte e em repouso. Anote a saturação (%) e
        os batimentos por minuto.
      </IndicadorHeader>
      <UserQueryError user={user} />
      {locked && <IndicadorLockedNotice />}

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
            <MaskedTextInput
              mask="000"
              label="Saturação (%)"
              description="De 50 a 100, ex.: 97"
              placeholder="97"
              inputMode="numeric"
              size="md"
              required
              disabled={locked}
              value={saturacao}
              onChange={(value) => {
                setSaturacao(value);
                setErrors(({ saturacao: _, ...rest }) => rest);
              }}
              error={errors.saturacao}
            />
            <MaskedTextInput
              mask="000"
              label="Batimentos por minuto (bpm)"
              description="Ex.: 72"
              placeholder="72"
              inputMode="numeric"
              size="md"
              required
              disabled={locked}
              value={bpm}
              onChange={(value) => {
                setBpm(value);
                setErrors(({ bpm: _, ...rest }) => rest);
              }}
              error={errors.bpm}
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
          <div className={classes.result} aria-live="polite">
            <Text fw={600}>Classificação:</Text>
            {status ? (
              <>
                <span className={classes.resultValue}>{saturacao}%</span>
                <ToneBadge {...OXIGENACAO_STATUS_VISUAL[status]} />
              </>
            ) : (
              <Text size="sm">Informe a saturação para ver a classificação.</Text>
            )}
          </div>
          <div className={classes.actions}>
            <Button type="submit" size="md" disabled={locked} loading={save.isPending}>
              Salvar
            </Button>
          </div>
        </form>
      </section>

      {saved && (
        <section className={classes.card} aria-label="Última medição salva">
          <Title order={2} size="h4" className={classes.cardTitle}>
            Última medição salva
          </Title>
          <div className={classes.result}>
            <span className={classes.resultValue}>
              {saved.saturacao}% · {saved.bpm} bpm
            </span>
            <ToneBadge {...OXIGENACAO_STATUS_VISUAL[saved.status]} />
          </div>
        </section>
      )}
    </div>
  );
}
