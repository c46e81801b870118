/**
 * What modules/planos offers the other modules: they import it from here only
 * (docs/architecture.md "What the layers may import, checked").
 */

export { activeSubscription } from './planos.read.ts';
export {
  criarCupom,
  criarPlano,
  definirAtendimentoValor,
  editarCupom,
  editarPlano,
  lerAtendimentoValor,
  listCupons,
  listPlanosAdmin,
} from './planos-admin.service.ts';
