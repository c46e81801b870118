import { Button } from '@mantine/core';
import {
  GLICOSE_FAIXAS,
  type GlicoseView,
  glicoseFaixa,
  glicoseFaixaNormal,
  glicosePeriodoLabel,
} from '@pulso/domain';
import { useState } from 'react';
import { GlicoseEditDialog } from './shared/glicose-edit-dialog.tsx';
import { HistoricoView, type Serie } from './shared/historico-view.tsx';
import { useLock } from './shared/ui.tsx';
import { useIndicadorHistorico } from './shared/use-indicador-historico.ts';

/**
 * /indicador/glicose/historico, 'Histórico de glicose'
 * (docs/indicators-and-score.md "Histories", "Glucose"; issue 7): the
 * readings latest first with period, value and band — the bands, their labels
 * and the shaded normal band of the chart all from `GLICOSE_FAIXAS` of the
 * domain, the limits of the stored status
 * (docs/indicators-and-score.md "Glucose") — and 'Editar' on each row (PATCH)
 * unless the user is locked.
 */
export default function GlicoseHistoricoPage() {
  const { historico, tela } = useIndicadorHistorico('glicose');
  const { locked } = useLock();
  const [editing, setEditing] = useState<GlicoseView | null>(null);
  const diabetes = historico.diabetes;
  const series: Serie<GlicoseView>[] = [
    {
      key: 'value',
      name: 'Glicose',
      value: (g) => g.value,
      cor: '#1c64c4',
      faixa: glicoseFaixaNormal(diabetes),
    },
  ];

  return (
    <>
      <HistoricoView<GlicoseView>
        {...tela}
        intro={
          diabetes
            ? 'Cores conforme as metas para quem tem diabetes (Diabetes marcado em Minha saúde).'
            : undefined
        }
        series={series}
        unidade="mg/dL"
        colunas={[
          { header: 'Glicose (mg/dL)', cell: (g) => g.value },
          { header: 'Período', cell: (g) => glicosePeriodoLabel(g.time_of_day), depois: true },
        ]}
        categoria={(g) => glicoseFaixa(g.value, diabetes)}
        legenda={[...(diabetes ? GLICOSE_FAIXAS.diabetes : GLICOSE_FAIXAS.outros)]}
        acoes={
          locked
            ? undefined
            : {
                header: 'Ações',
                cell: (g) => (
                  <Button
                    size="compact-sm"
                    variant="default"
                    onClick={() => setEditing(g)}
                    aria-label={`Editar ${g.value} mg/dL de ${g.data_afericao.split('-').reverse().join('/')}, ${glicosePeriodoLabel(g.time_of_day)}`}
                  >
                    Editar
                  </Button>
                ),
              }
        }
      />
      <GlicoseEditDialog leitura={editing} diabetes={diabetes} onClose={() => setEditing(null)} />
    </>
  );
}
