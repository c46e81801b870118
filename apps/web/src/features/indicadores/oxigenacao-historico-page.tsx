import {
  OXIGENACAO_FAIXA_NORMAL,
  OXIGENACAO_STATUS_VISUAL,
  type OxigenacaoView,
  SATURACAO_MAX,
} from '@pulso/domain';
import { HistoricoView, legendaDe, type Serie } from './shared/historico-view.tsx';
import { useIndicadorHistorico } from './shared/use-indicador-historico.ts';

const SERIES: Serie<OxigenacaoView>[] = [
  {
    key: 'saturacao',
    name: 'Saturação',
    value: (o) => o.saturacao,
    cor: '#1c64c4',
    faixa: OXIGENACAO_FAIXA_NORMAL,
    teto: SATURACAO_MAX,
  },
];

const LEGENDA = legendaDe(OXIGENACAO_STATUS_VISUAL, {
  normal: '95–100%',
  atencao: '91–94%',
  alterada: '90% ou menos',
});

/**
 * /indicador/oxigenacao/historico, 'Histórico de oxigenação'
 * (docs/indicators-and-score.md "Histories", "Oxygen saturation"; issue 7):
 * the readings latest first with saturation, pulse and category (label and
 * colour), and a chart of the saturation over time with the normal band
 * (95–100 %) shaded.
 */
export default function OxigenacaoHistoricoPage() {
  const { tela } = useIndicadorHistorico('oxigenacao');
  return (
    <HistoricoView<OxigenacaoView>
      {...tela}
      series={SERIES}
      unidade="%"
      colunas={[
        { header: 'Saturação (%)', cell: (o) => o.saturacao },
        { header: 'Pulso (bpm)', cell: (o) => o.bpm, depois: true },
      ]}
      categoria={(o) => OXIGENACAO_STATUS_VISUAL[o.status]}
      legenda={LEGENDA}
    />
  );
}
