import {
  formatDecimalBR,
  formatVariacaoPeso,
  IMC_FAIXA_NORMAL,
  IMC_STATUS_VISUAL,
  type ImcView,
} from '@pulso/domain';
import { HistoricoView, legendaDe, type Serie } from './shared/historico-view.tsx';
import { useIndicadorHistorico } from './shared/use-indicador-historico.ts';

const SERIES: Serie<ImcView>[] = [
  { key: 'imc', name: 'IMC', value: (i) => i.imc, cor: '#1c64c4', faixa: IMC_FAIXA_NORMAL },
];

const LEGENDA = legendaDe(IMC_STATUS_VISUAL, {
  abaixo: 'abaixo de 18,5',
  normal: '18,5–24,9',
  sobrepeso: '25–29,9',
  obesidade: '30 ou mais',
});

/**
 * /indicador/imc/historico, 'Histórico de IMC'
 * (docs/indicators-and-score.md "Histories", "BMI"; issue 7): the readings
 * latest first with weight, BMI, the weight change against the previous
 * reading and the category (label and colour), and a chart of the BMI over
 * time with the normal band (18,5–24,9) shaded.
 */
export default function ImcHistoricoPage() {
  const { tela } = useIndicadorHistorico('imc');
  return (
    <HistoricoView<ImcView>
      {...tela}
      series={SERIES}
      unidade="kg/m²"
      colunas={[
        { header: 'Peso (kg)', cell: (i) => formatDecimalBR(i.peso, 1) },
        { header: 'IMC', cell: (i) => formatDecimalBR(i.imc, 1) },
        {
          header: 'Variação',
          depois: true,
          cell: (i) => (i.variacao_peso === null ? '—' : formatVariacaoPeso(i.variacao_peso)),
        },
      ]}
      categoria={(i) => IMC_STATUS_VISUAL[i.status]}
      legenda={LEGENDA}
    />
  );
}
