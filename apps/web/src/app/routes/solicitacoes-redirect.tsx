import { Loader, Text } from '@mantine/core';
import { Navigate } from 'react-router';
import { useMedicoMe } from '../../features/medico/api/get-medico-me.ts';
import { paths } from '../../lib/paths.ts';

/**
 * /telemedicina/solicitacoes (docs/api/telemedicina.md "The patient's requests"): the requests alert's target. A
 * doctor answers the requests addressed to them in the doctor area, so a
 * doctor account goes on to /medico/solicitacoes; a patient (`GET
 * /api/medico/me` refuses them) goes to /telemedicina, where their own
 * requests and the answers are ('Suas solicitações'), never to the doctor
 * area's sign-in.
 */
export default function SolicitacoesRedirect() {
  const me = useMedicoMe();
  if (me.isSuccess) return <Navigate to={paths.medicoSolicitacoes} replace />;
  if (me.isError) return <Navigate to={paths.telemedicina} replace />;
  return (
    <div role="status">
      <Loader size="sm" aria-hidden="true" />
      <Text>Carregando ...</Text>
    </div>
  );
}
