/**
 * What modules/planos offers the other modules: they import it from here only
 * (docs/architecture.md "What the layers may import, checked").
 */

export { activeSubscription } from './planos.read.ts';
export {
  createCupom,
  createPlano,
  editCupom,
  editPlano,
  listCupons,
  listPlanosAdmin,
  setAtendimentoValor,
} from './planos-admin.service.ts';
