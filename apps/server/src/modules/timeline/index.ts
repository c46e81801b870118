/**
 * What modules/timeline offers the other modules: they import it from here only
 * (docs/architecture.md "What the layers may import, checked").
 */

export type { AnexoKind } from './timeline.anexos.ts';
export {
  AnexoUpload,
  anexoCsp,
  anexoUrlExpiry,
  contentDisposition,
  fieldOf,
  readAnexoPart,
} from './timeline.anexos.ts';
export { buscaOf } from './timeline.search.ts';
export { loadCaller } from './timeline.service.ts';
