import type { Db } from './db/client.ts';
import { resolveSession } from './modules/auth/auth.service.ts';
import { mayHearAtendimento } from './modules/telemedicina/telemedicina.access.ts';
import type { RealtimeAccess } from './platform/realtime.ts';

/**
 * The rules the realtime layer asks about, from the modules that own them:
 * a handshake token's session (auth, docs/auth-security.md "Sessions") and
 * who hears a care session's room (telemedicina). platform/ never imports a
 * module (docs/architecture.md "Layers"), so the composition root hands it this.
 */
export function realtimeAccess(db: Db): RealtimeAccess {
  return {
    session: (token) => resolveSession(db, token),
    mayHearAtendimento: (atendimentoId, userId) => mayHearAtendimento(db, atendimentoId, userId),
  };
}
