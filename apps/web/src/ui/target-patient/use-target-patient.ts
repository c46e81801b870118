import { parseCode } from '@pulso/domain';
import { useSearchParams } from 'react-router';
import { useTargetUser } from './get-target-user.ts';

/** Query parameter that carries a patient's code (`?code=123AB456`, from /qrcode/read). */
export const TARGET_CODE_PARAM = 'code';

/** Message when the record is saved while the patient typed in the code field could not be found. */
export const TARGET_PENDING_MESSAGE =
  'Busque o paciente pelo código ou limpe o código para salvar na sua linha do tempo.';

/**
 * The other patient a record is being added for (issue 5 "Records added by
 * others"; docs/health-record.md "Adding to another patient's timeline", the
 * pain map's `user_id`), kept in the URL as `?code=` so that a QR Code read on
 * /qrcode/read comes back here: the canonical `code` (null for the caller's
 * own timeline), its lookup (`GET /api/timeline/user/:code`), `own` when the
 * code is the caller's (`callerId`), `target` the patient found otherwise, and
 * `setCode` to change or clear it.
 */
export function useTargetPatient(callerId: number | undefined) {
  const [params, setParams] = useSearchParams();
  const code = parseCode(params.get(TARGET_CODE_PARAM) ?? '');
  const lookup = useTargetUser(code);
  const own = code !== null && lookup.data !== undefined && lookup.data.id === callerId;
  const target = code !== null && lookup.data && !own ? lookup.data : null;
  const lookupError = lookup.isError ? lookup.error.message : null;
  const setCode = (next: string | null) => {
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next) copy.set(TARGET_CODE_PARAM, next);
        else copy.delete(TARGET_CODE_PARAM);
        return copy;
      },
      { replace: true },
    );
  };
  return { code, lookup, own, target, lookupError, setCode };
}
