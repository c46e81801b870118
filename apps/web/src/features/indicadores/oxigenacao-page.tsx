import {
  classificarOxigenacao,
  OXIGENACAO_MESSAGES,
  OXIGENACAO_STATUS_VISUAL,
  saturacaoProblema,
} from '@pulso/domain';
import { useState } from 'react';
import { useSaveOxigenacao } from './api/indicadores-api.ts';
import { DigitosInput } from './shared/digitos-input.tsx';
import { IndicadorEntryPage } from './shared/indicador-entry-page.tsx';
import { type FieldErrorMap, ValorCategoria } from './shared/ui.tsx';
import { useIndicadorEntry } from './shared/use-indicador-entry.ts';

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
  const entry = useIndicadorEntry('oxigenacao', useSaveOxigenacao, (r) => r.oxigenacao);
  const [saturacao, setSaturacao] = useState('');
  const [bpm, setBpm] = useState('');

  const status = saturacaoTypedProblema(saturacao) === null ? classificarOxigenacao(Number(saturacao)) : null;

  const submit = () => {
    const local: FieldErrorMap = {};
    const problema = saturacaoTypedProblema(saturacao);
    if (problema) local.saturacao = problema;
    if (!complete(bpm)) local.bpm = OXIGENACAO_MESSAGES.bpm;
    entry.submit({
      errors: local,
      body: () => ({ saturacao, bpm, ...entry.quando }),
      reset: () => {
        setSaturacao('');
        setBpm('');
      },
    });
  };

  return (
    <IndicadorEntryPage
      entry={entry}
      intro={
        <>
          Use o oxímetro de pulso no dedo, com a mão aquecida, sem esmalte e em repouso. Anote a saturação (%)
          e os batimentos por minuto.
        </>
      }
      campos={
        <>
          <DigitosInput
            label="Saturação (%)"
            description="De 50 a 100, ex.: 97"
            placeholder="97"
            disabled={entry.locked}
            value={saturacao}
            onChange={(value) => {
              setSaturacao(value);
              entry.clearErrors('saturacao');
            }}
            error={entry.errors.saturacao}
          />
          <DigitosInput
            label="Batimentos por minuto (bpm)"
            description="Ex.: 72"
            placeholder="72"
            disabled={entry.locked}
            value={bpm}
            onChange={(value) => {
              setBpm(value);
              entry.clearErrors('bpm');
            }}
            error={entry.errors.bpm}
          />
        </>
      }
      resultado={{
        label: 'Classificação:',
        vazio: 'Informe a saturação para ver a classificação.',
        valor: status && (
          <ValorCategoria valor={`${saturacao}%`} categoria={OXIGENACAO_STATUS_VISUAL[status]} />
        ),
      }}
      onSubmit={submit}
      ultima={
        entry.saved && (
          <ValorCategoria
            valor={`${entry.saved.saturacao}% · ${entry.saved.bpm} bpm`}
            categoria={OXIGENACAO_STATUS_VISUAL[entry.saved.status]}
          />
        )
      }
    />
  );
}
