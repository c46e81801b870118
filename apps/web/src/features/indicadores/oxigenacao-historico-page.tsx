import {
  OXIGENACAO_FAIXA_NORMAL,
  OXIGENACAO_STATUS_VISUAL,
  type OxigenacaoView,
  SATURACAO_MAX,
} from '@pulso/domain';
import { pageTitles, paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { useHistorico } from './api/indicadores-api.ts';
import { HistoricoView, type Serie } from './shared/historico-view.tsx';

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

const INTERVALOS: Record<keyof typeof OXIGENACAO_STATUS_VISUAL, string> = {
  normal: '95–100%',
  atencao: '91–94%',
  alterada: '90% ou menos',
};

/**
 * /indicador/oxigenacao/historico, 'Histórico de oxigenação'
 * (docs/indicators-and-score.md "Histories", "Oxygen saturation"; issue 7):
 * the readings latest first with saturation, pulse and category (label and
 * colour), and a chart of the saturation over time with the normal band
 * (95–100 %) shaded.
 */
export default function OxigenacaoHistoricoPage() {
  useDocumentTitle(pageTitles.indicadorOxigenacaoHistorico);
  const historico = useHistorico('oxigenacao');
  return (
    <HistoricoView<OxigenacaoView>
      title={pageTitles.indicadorOxigenacaoHistorico}
      entrada={paths.indicadorOxigenacao}
      entradaLabel="Registrar oxigenação"
      historico={historico}
      series={SERIES}
      unidade="%"
      colunas={[
        { header: 'Saturação (%)', cell: (o) => o.saturacao },
        { header: 'Pulso (bpm)', cell: (o) => o.bpm, depois: true },
      ]}
      categoria={(o) => OXIGENACAO_STATUS_VISUAL[o.status]}
      legenda={Object.entries(OXIGENACAO_STATUS_VISUAL).map(([k, v]) => ({
        ...v,
        intervalo: INTERVALOS[k as keyof typeof INTERVALOS],
      }))}
    />
  );
}
