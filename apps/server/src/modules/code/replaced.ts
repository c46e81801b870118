import { CODE_REPLACED_MESSAGES } from '@pulso/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { code_access_logs, replaced_codes, users } from '../../db/schema/index.ts';
import { HttpError } from '../../errors.ts';
import { viewerClassifier } from './viewer.service.ts';

/**
 * What a code the patient replaced answers (docs/codes.md "A lost sticker"), checked only after the scan
 * found no patient, so that the hot path pays nothing for it: when `code` (canonical) was replaced by an
 * active account, the attempt goes to that patient's access log (the viewer classified as for an opening,
 * no tab served, `codigo_substituido` the old code) and the lookup fails with 410
 * {@link CODE_REPLACED_MESSAGES.replaced}, which carries no personal data. Otherwise it answers, and the
 * caller's 404 stands.
 */
export function replacedCodeCheck(db: Db): (code: string, viewerId: number | null) => Promise<void> {
  const classify = viewerClassifier(db);
  return async (code, viewerId) => {
    const [owner] = await db
      .select({ id: users.id, medico_id: users.medico_id })
      .from(replaced_codes)
      .innerJoin(users, and(eq(users.id, replaced_codes.user_id), eq(users.is_active, true)))
      .where(eq(replaced_codes.code, code))
      .limit(1);
    if (!owner) return;
    await db.insert(code_access_logs).values({
      user_id: owner.id,
      viewer_id: viewerId,
      viewer_kind: await classify(viewerId, owner),
      tabs: '',
      codigo_substituido: code,
    });
    throw new HttpError(410, CODE_REPLACED_MESSAGES.replaced);
  };
}
