import { Alert, Button, Text, Title } from '@mantine/core';
import {
  classificarPressao,
  INDICADOR_MESSAGES,
  PRESSAO_MESSAGES,
  PRESSAO_STATUS_VISUAL,
  type PressaoView,
  pressaoAviso,
  pressaoAvisoTitulo,
} from '@pulso/domain';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { pageTitles, paths } from '../../lib/paths.ts';
import { useSnackbar } from '../../lib/snackbar/snackbar-context.tsx';
import { MaskedTextInput } from '../../ui/masked-text-input.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { useSavePressao } from './api/indicadores-api.ts';
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

/** A complete value of a 3-digit mask: 2 or 3 digits (docs/indicators-and-score.md "Blood pressure"). */
const complete = (text: string) => /^\d{2,3}$/.test(text);

/**
 * The live state of a pair as typed: the category when both values are
 * complete and acceptable, or why the pair must be refused. A diastolic of 2
 * digits below 50 may still be growing (a third digit is coming), so it is
 * refused only when `final` (the field was left, or Salvar pressed).
 */
export function pressaoAoVivo(
  sis: string,
  dia: string,
  final: boolean,
): { status: ReturnType<typeof classificarPressao> } | { aviso: 'maior' | 'minima' } | null {
  if (!complete(sis) || !complete(dia)) return null;
  const aviso = pressaoAviso(Number(sis), Number(dia));
  if (aviso === 'maior' && (final || dia.length === 3 || sis.length === 3)) return { aviso };
  if (aviso === 'minima' && (final || dia.length === 3)) return { aviso };
  if (aviso) return null;
  return { status: classificarPressao(Number(sis), Number(dia)) };
}

/**
 * /indicador/pressao, 'Pressão arterial'
 * (docs/indicators-and-score.md "Blood pressure";
 * docs/api/indicadores-score-profissional.md "Indicators" `POST /api/home/pressao`;
 * docs/accounts.md "Trial and locked accounts"). Systolic and diastolic (mmHg,
 * 3-digit masks), the day and time (now by default); the category shown live
 * with its label. A diastolic above the systolic or below 50 shows the spec's
 * warning 'ATENÇÃO! Diástolica não pode ser maior que a Sistólica ' and clears
 * both fields. Salvar sends multipart (with the status the screen shows; the
 * server classifies again); the server's 422 errors go under the fields and
 * nothing typed is lost. A locked user finds the form disabled with a way to
 * /planos.
 */
export default function PressaoPage() {
  useDocumentTitle(pageTitles.indicadorPressao);
  const { user, locked } = useLock();
  const save = useSavePressao();
  const snackbar = useSnackbar();
  const formId = useId();

  const [sis, setSis] = useState('');
  const [dia, setDia] = useState('');
  const [quando, setQuando] = useState<Afericao>(agora);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const [aviso, setAviso] = useState<'maior' | 'minima' | null>(null);
  const [saved, setSaved] = useState<PressaoView | null>(null);

  /** Applies the live rules to a new pair: the spec's warning clears both fields. */
  const check = (nextSis: string, nextDia: string, final: boolean): boolean => {
    const live = pressaoAoVivo(nextSis, nextDia, final);
    if (live && 'aviso' in live) {
      setAviso(live.aviso);
      setSis('');
      setDia('');
      return false;
    }
    return true;
  };

  const typeSis = (value: string) => {
    setSis(value);
    setAviso(null);
    setErrors(({ sis: _, dia: __, ...rest }) => rest);
    check(value, dia, false);
  };
  const typeDia = (value: string) => {
    setDia(value);
    setAviso(null);
    setErrors(({ dia: _, ...rest }) => rest);
    check(sis, value, false);
  };

  const live = pressaoAoVivo(sis, dia, false);
  const status = live && 'status' in live ? live.status : null;

  const submit = () => {
    if (locked) return;
    const local: FieldErrorMap = {};
    if (!complete(sis)) local.sis = PRESSAO_MESSAGES.sis;
    if (!complete(dia)) local.dia = PRESSAO_MESSAGES.dia;
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    if (!check(sis, dia, true)) return;
    save.mutate(
      { sis, dia, ...quando, status: classificarPressao(Number(sis), Number(dia)) },
      {
        onSuccess: ({ message, pressao }) => {
          setSaved(pressao);
          setSis('');
          setDia('');
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
        title={pageTitles.indicadorPressao}
        links={
          <Button component={Link} to={paths.indicadorPressaoHistorico} variant="default">
            Ver histórico
          </Button>
        }
      >
        Meça sentado, em repouso há 5 minutos, com o braço apoiado na altura do coração. Informe os dois
        valores em mmHg.
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
          {aviso && (
            <Alert color="red" variant="light" role="alert" title={pressaoAvisoTitulo(aviso).trim()}>
              <Text size="sm">
                {aviso === 'maior' ? PRESSAO_MESSAGES.diastolicaMaior : PRESSAO_MESSAGES.diastolicaMinima} Os
                campos foram limpos; informe os valores de novo.
              </Text>
            </Alert>
          )}
          <div className={classes.fields}>
            <MaskedTextInput
              mask="000"
              label="Sistólica (mmHg)"
              description="O maior valor, ex.: 120"
              placeholder="120"
              inputMode="numeric"
              size="md"
              required
              disabled={locked}
              value={sis}
              onChange={typeSis}
              onBlur={() => check(sis, dia, true)}
              error={errors.sis}
            />
            <MaskedTextInput
              mask="000"
              label="Diastólica (mmHg)"
              description="O menor valor, ex.: 80"
              placeholder="80"
              inputMode="numeric"
              size="md"
              required
              disabled={locked}
              value={dia}
              onChange={typeDia}
              onBlur={() => check(sis, dia, true)}
              error={errors.dia}
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
                <span className={classes.resultValue}>
                  {sis}/{dia} mmHg
                </span>
                <ToneBadge {...PRESSAO_STATUS_VISUAL[status]} />
              </>
            ) : (
              <Text size="sm">Informe a sistólica e a diastólica para ver a classificação.</Text>
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
              {saved.sis}/{saved.dia} mmHg
            </span>
            <ToneBadge {...PRESSAO_STATUS_VISUAL[saved.status]} />
          </div>
        </section>
      )}
    </div>
  );
}
