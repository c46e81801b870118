import { Navigate } from 'react-router';
import { paths } from '../../app/paths.ts';

/**
 * /telemedicina/solicitacoes (spec 1 §2): the requests alert's target. Care
 * requests are answered in the doctor area (issue 6), so this path forwards
 * to its list, /medico/solicitacoes.
 */
export default function SolicitacoesRedirect() {
  return <Navigate to={paths.medicoSolicitacoes} replace />;
}
