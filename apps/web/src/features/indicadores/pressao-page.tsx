import { Alert, Text } from '@mantine/core';
import {
  classificarPressao,
  PRESSAO_MESSAGES,
  PRESSAO_STATUS_VISUAL,
  pressaoAviso,
  pressaoAvisoTitulo,
} from '@pulso/domain';
import { useState } from 'react';
import { useSavePressao } from './api/indicadores-api.ts';
import { DigitosInput } from './shared/digitos-input.tsx';
import { IndicadorEntryPage } from './shared/indicador-entry-page.tsx';
import { type FieldErrorMap, ValorCategoria } from './shared/ui.tsx';
import { useIndicadorEntry } from './shared/use-indicador-entry.ts';

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
 * with its label. A diastolic above the systolic or below 50 shows the documented
 * warning 'ATENÇÃO! Diástolica não pode ser maior que a Sistólica ' and clears
 * both fields. Salvar sends multipart (with the status the screen shows; the
 * server classifies again); the server's 422 errors go under the fields and
 * nothing typed is lost. A locked user finds the form disabled with a way to
 * /planos.
 */
export default function PressaoPage() {
  const entry = useIndicadorEntry('pressao', useSavePressao, (r) => r.pressao);
  const [sis, setSis] = useState('');
  const [dia, setDia] = useState('');
  const [aviso, setAviso] = useState<'maior' | 'minima' | null>(null);

  /** Applies the live rules to a new pair: a refused pair's warning clears both fields. */
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
    entry.clearErrors('sis', 'dia');
    check(value, dia, false);
  };
  const typeDia = (value: string) => {
    setDia(value);
    setAviso(null);
    entry.clearErrors('dia');
    check(sis, value, false);
  };

  const live = pressaoAoVivo(sis, dia, false);
  const status = live && 'status' in live ? live.status : null;

  const submit = () => {
    const local: FieldErrorMap = {};
    if (!complete(sis)) local.sis = PRESSAO_MESSAGES.sis;
    if (!complete(dia)) local.dia = PRESSAO_MESSAGES.dia;
    entry.submit({
      errors: local,
      body: () =>
        check(sis, dia, true)
          ? { sis, dia, ...entry.quando, status: classificarPressao(Number(sis), Number(dia)) }
          : null,
      reset: () => {
        setSis('');
        setDia('');
      },
    });
  };

  return (
    <IndicadorEntryPage
      entry={entry}
      intro={
        <>
          Meça sentado, em repouso há 5 minutos, com o braço apoiado na altura do coração. Informe os dois
          valores em mmHg.
        </>
      }
      alerta={
        aviso && (
          <Alert color="red" variant="light" role="alert" title={pressaoAvisoTitulo(aviso).trim()}>
            <Text size="sm">
              {aviso === 'maior' ? PRESSAO_MESSAGES.diastolicaMaior : PRESSAO_MESSAGES.diastolicaMinima} Os
              campos foram limpos; informe os valores de novo.
            </Text>
          </Alert>
        )
      }
      campos={
        <>
          <DigitosInput
            label="Sistólica (mmHg)"
            description="O maior valor, ex.: 120"
            placeholder="120"
            disabled={entry.locked}
            value={sis}
            onChange={typeSis}
            onBlur={() => check(sis, dia, true)}
            error={entry.errors.sis}
          />
          <DigitosInput
            label="Diastólica (mmHg)"
            description="O menor valor, ex.: 80"
            placeholder="80"
            disabled={entry.locked}
            value={dia}
            onChange={typeDia}
            onBlur={() => check(sis, dia, true)}
            error={entry.errors.dia}
          />
        </>
      }
      resultado={{
        label: 'Classificação:',
        vazio: 'Informe a sistólica e a diastólica para ver a classificação.',
        valor: status && (
          <ValorCategoria valor={`${sis}/${dia} mmHg`} categoria={PRESSAO_STATUS_VISUAL[status]} />
        ),
      }}
      onSubmit={submit}
      ultima={
        entry.saved && (
          <ValorCategoria
            valor={`${entry.saved.sis}/${entry.saved.dia} mmHg`}
            categoria={PRESSAO_STATUS_VISUAL[entry.saved.status]}
          />
        )
      }
    />
  );
}
