import { PRESSAO_FAIXAS_NORMAIS, PRESSAO_STATUS_VISUAL, type PressaoView } from '@pulso/domain';
import { HistoricoView, legendaDe, type Serie } from './shared/historico-view.tsx';
import { useIndicadorHistorico } from './shared/use-indicador-historico.ts';

const SERIES: Serie<PressaoView>[] = [
  { key: 'sis', name: 'Sistólica', value: (p) => p.sis, cor: '#1c64c4', faixa: PRESSAO_FAIXAS_NORMAIS.sis },
  { key: 'dia', name: 'Diastólica', value: (p) => p.dia, cor: '#862e9c', faixa: PRESSAO_FAIXAS_NORMAIS.dia },
];

const LEGENDA = legendaDe(PRESSAO_STATUS_VISUAL, {
  baixa: 'abaixo de 100/60',
  normal: '100–129 / 60–84',
  alterada: '130–139 / 85–89',
  alta: '140–179 / 90–109',
  muito_alta: '180 / 110 ou mais',
});

/**
 * /indicador/pressao/historico, 'Histórico de pressão arterial'
 * (docs/indicators-and-score.md "Histories", "Blood pressure"; issue 7): the
 * readings latest first with their category (label and colour), and a chart
 * of systolic and diastolic over time with both normal bands shaded.
 */
export default function PressaoHistoricoPage() {
  const { tela } = useIndicadorHistorico('pressao');
  return (
    <HistoricoView<PressaoView>
      {...tela}
      series={SERIES}
      unidade="mmHg"
      colunas={[{ header: 'Pressão (mmHg)', cell: (p) => `${p.sis}/${p.dia}` }]}
      categoria={(p) => PRESSAO_STATUS_VISUAL[p.status]}
      legenda={LEGENDA}
    />
  );
}
