import { useAreaLogin, useAreaLogout } from '../../../lib/area-session.ts';
import { paths } from '../../../lib/paths.ts';
import { medicoKeys } from './keys.ts';

/** The doctor signs in with the patients' `POST /api/login`; the area then asks `GET /api/medico/me`. */
export function useMedicoLogin() {
  return useAreaLogin(medicoKeys.all);
}

/** 'Sair' of the doctor area: back to its sign-in. */
export function useMedicoLogout() {
  return useAreaLogout(paths.medico);
}
