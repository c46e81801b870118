import { PRESSAO_FAIXAS_NORMAIS, PRESSAO_STATUS_VISUAL, type PressaoView } from '@pulso/domain';
import { pageTitles, paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { useHistorico } from './api/indicadores-api.ts';
import { HistoricoView, type Serie } from './shared/historico-view.tsx';

const SERIES: Serie<PressaoView>[] = [
  { key: 'sis', name: 'Sistólica', value: (p) => p.sis, cor: '#1c64c4', faixa: PRESSAO_FAIXAS_NORMAIS.sis },
  { key: 'dia', name: 'Diastólica', value: (p) => p.dia, cor: '#862e9c', faixa: PRESSAO_FAIXAS_NORMAIS.dia },
];

const INTERVALOS: Record<keyof typeof PRESSAO_STATUS_VISUAL, string> = {
  baixa: 'abaixo de 100/60',
  normal: '100–129 / 60–84',
  alterada: '130–139 / 85–89',
  alta: '140–179 / 90–109',
  muito_alta: '180 / 110 ou mais',
};

/**
 * /indicador/pressao/historico, 'Histórico de pressão arterial'
 * (docs/indicators-and-score.md "Histories", "Blood pressure"; issue 7): the
 * readings latest first with their category (label and colour), and a chart
 * of systolic and diastolic over time with both normal bands shaded.
 */
export default function PressaoHistoricoPage() {
  useDocumentTitle(pageTitles.indicadorPressaoHistorico);
  const historico = useHistorico('pressao');
  return (
    <HistoricoView<PressaoView>
      title={pageTitles.indicadorPressaoHistorico}
      entrada={paths.indicadorPressao}
      entradaLabel="Registrar pressão"
      historico={historico}
      series={SERIES}
      unidade="mmHg"
      colunas={[{ header: 'Pressão (mmHg)', cell: (p) => `${p.sis}/${p.dia}` }]}
      categoria={(p) => PRESSAO_STATUS_VISUAL[p.status]}
      legenda={Object.entries(PRESSAO_STATUS_VISUAL).map(([k, v]) => ({
        ...v,
        intervalo: INTERVALOS[k as keyof typeof INTERVALOS],
      }))}
    />
  );
}
