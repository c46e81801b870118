import type { Database } from '../apps/server/src/db/client.ts';
import { atendimentos, medicos, users } from '../apps/server/src/db/schema/index.ts';
import { searchKey } from '../apps/server/src/db/search-key.ts';
import { hashPassword, issueSession } from '../apps/server/src/modules/auth/auth.service.ts';
import { drawFreeCode } from '../apps/server/src/modules/auth/registration.ts';
import type { ServerProcess } from '../apps/server/src/test/cluster.ts';
import type { ClientSocket } from '../apps/server/src/test/sockets.ts';

/** The chat benchmark's data (bench/chat.ts): its accounts, doctors and open care sessions. */

/** One party of a session: its account, token, node and socket. */
export interface Party {
  userId: number;
  token: string;
  node: ServerProcess;
  socket?: ClientSocket;
}

export interface Session {
  id: number;
  paciente: Party;
  medico: Party;
}

/** `count` sessions: accounts (one password hash for all), a session token each, the doctors and the sessions, straight into the database. */
export async function seed(
  database: Database,
  a: ServerProcess,
  b: ServerProcess,
  count: number,
): Promise<Session[]> {
  const db = database.db;
  const passwordHash = await hashPassword('senha-do-benchmark');
  const now = new Date();
  const sessions: Session[] = [];
  const account = async (name: string, i: number) => {
    const [row] = await db
      .insert(users)
      .values({
        name,
        email: `${searchKey(name).replace(/\s+/g, '.')}.${i}@bench.pulso.local`,
        password_hash: passwordHash,
        code: await drawFreeCode(db),
        email_verified_at: now,
        terms_accepted_at: now,
      })
      .returning({ id: users.id });
    if (!row) throw new Error('user not created');
    return { userId: row.id, token: await issueSession(db, row.id, 'bench') };
  };
  for (let i = 0; i < count; i++) {
    const paciente = await account(`Paciente ${i}`, i);
    const medico = await account(`Médica ${i}`, i);
    const [doctor] = await db
      .insert(medicos)
      .values({ user_id: medico.userId, busca: searchKey(`Médica ${i}`), status: 2, verified_at: now })
      .returning({ id: medicos.id });
    if (!doctor) throw new Error('doctor not created');
    const [session] = await db
      .insert(atendimentos)
      .values({
        user_id: paciente.userId,
        medico_id: doctor.id,
        status: 'A',
        motivo: 'Benchmark do chat',
        pagamento: 'credito',
        accepted_at: now,
        last_message_at: now,
      })
      .returning({ id: atendimentos.id });
    if (!session) throw new Error('session not created');
    // Patient and doctor always on different nodes, alternating which.
    const [pNode, mNode] = i % 2 === 0 ? [a, b] : [b, a];
    sessions.push({
      id: session.id,
      paciente: { ...paciente, node: pNode },
      medico: { ...medico, node: mNode },
    });
  }
  return sessions;
}
