import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { type IndicadorKind, useHistorico } from '../api/indicadores-api.ts';
import { TELAS } from './telas.ts';

/**
 * An indicator's history screen (docs/indicators-and-score.md "Histories"): sets the document title,
 * reads the history, and gives what `HistoricoView` takes of every indicator alike (the title, the way
 * back to the entry screen and its name, the history).
 */
export function useIndicadorHistorico(kind: IndicadorKind) {
  const telas = TELAS[kind];
  useDocumentTitle(telas.historicoTitulo);
  const historico = useHistorico(kind);
  return {
    historico,
    tela: { title: telas.historicoTitulo, entrada: telas.entrada, entradaLabel: telas.registrar, historico },
  };
}
