import { randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { drawFreeCode, hashPassword } from '../../modules/auth/auth.service.ts';
import type { Db } from '../client.ts';
import { especialidades, medico_crms, medico_especialidades, medicos, users } from '../schema/index.ts';
import { searchKey } from './seed.ts';

/** One demo doctor: an account plus its doctor profile. */
export interface DemoDoctor {
  name: string;
  email: string;
  /** IBGE id of the doctor's municipality. */
  cidade_id: number;
  crm: { numero: string; uf: string };
  /** CFM specialty names, as in `data/especialidades.json`. */
  especialidades: string[];
  /** 2 disponível, 1 ocupado, 0 offline. */
  status: number;
}

/** Domain of the demo accounts: reserved, never delivers mail. */
export const DEMO_EMAIL_DOMAIN = 'demo.pulso.local';

/**
 * Fictitious doctors for development and demos (`SEED_DEMO`), so that the
 * doctor autocomplete of /saude (spec 1 §5) has someone to find. Names,
 * CRMs and e-mails are invented; cities are real IBGE municipalities.
 */
export const DEMO_DOCTORS: readonly DemoDoctor[] = [
  {
    name: 'Ana Beatriz Nogueira',
    email: `ana.nogueira@${DEMO_EMAIL_DOMAIN}`,
    cidade_id: 3550308, // São Paulo - SP
    crm: { numero: '145872', uf: 'SP' },
    especialidades: ['Cardiologia', 'Clínica Médica'],
    status: 2,
  },
  {
    name: 'José Ricardo Albuquerque',
    email: `jose.albuquerque@${DEMO_EMAIL_DOMAIN}`,
    cidade_id: 2611606, // Recife - PE
    crm: { numero: '21457', uf: 'PE' },
    especialidades: ['Ortopedia e Traumatologia'],
    status: 1,
  },
  {
    name: 'Fernanda Gonçalves Lima',
    email: `fernanda.lima@${DEMO_EMAIL_DOMAIN}`,
    cidade_id: 3106200, // Belo Horizonte - MG
    crm: { numero: '58341', uf: 'MG' },
    especialidades: ['Pediatria'],
    status: 2,
  },
  {
    name: 'João Pedro Cavalcanti',
    email: `joao.cavalcanti@${DEMO_EMAIL_DOMAIN}`,
    cidade_id: 2304400, // Fortaleza - CE
    crm: { numero: '17623', uf: 'CE' },
    especialidades: ['Medicina de Família e Comunidade', 'Geriatria'],
    status: 0,
  },
  {
    name: 'Mariana Sá Ribeiro',
    email: `mariana.ribeiro@${DEMO_EMAIL_DOMAIN}`,
    cidade_id: 4314902, // Porto Alegre - RS
    crm: { numero: '40218', uf: 'RS' },
    especialidades: ['Dermatologia'],
    status: 2,
  },
  {
    name: 'Luís Otávio Brandão',
    email: `luis.brandao@${DEMO_EMAIL_DOMAIN}`,
    cidade_id: 2927408, // Salvador - BA
    crm: { numero: '29874', uf: 'BA' },
    especialidades: ['Psiquiatria'],
    status: 0,
  },
];

/**
 * An account nobody can sign in to: the argon2id hash of 32 random bytes that
 * are thrown away. A demo doctor becomes usable only through password recovery.
 */
async function unusablePasswordHash(): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64url'));
}

/**
 * Creates one demo doctor in a single transaction, unless its e-mail already
 * has an account. An existing account is never turned into a doctor: it was
 * either seeded before (complete, thanks to the transaction) or belongs to
 * someone who registered that address, who must not gain a doctor's access.
 */
async function seedOne(db: Db, doctor: DemoDoctor, specialtyIds: Map<string, number>): Promise<void> {
  const email = doctor.email.toLowerCase();
  const passwordHash = await unusablePasswordHash();
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .limit(1);
    if (existing) return;
    const now = new Date();
    const [user] = await tx
      .insert(users)
      .values({
        name: doctor.name,
        email,
        password_hash: passwordHash,
        code: await drawFreeCode(tx),
        email_verified_at: now,
        terms_accepted_at: now,
        cidade_id: doctor.cidade_id,
      })
      // Another node seeding at the same moment took the e-mail: that one wins.
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) return;
    const [medico] = await tx
      .insert(medicos)
      .values({
        user_id: user.id,
        busca: searchKey(doctor.name),
        status: doctor.status,
        cidade_id: doctor.cidade_id,
        verified_at: now,
      })
      .returning({ id: medicos.id });
    if (!medico) throw new Error(`demo doctor ${email} has no doctor profile`);
    await tx.insert(medico_crms).values({ medico_id: medico.id, ...doctor.crm });
    const rows = doctor.especialidades.map((nome) => {
      const especialidade_id = specialtyIds.get(nome);
      if (especialidade_id === undefined) throw new Error(`unknown specialty ${nome}`);
      return { medico_id: medico.id, especialidade_id };
    });
    if (rows.length > 0) await tx.insert(medico_especialidades).values(rows);
  });
}

/**
 * Seeds {@link DEMO_DOCTORS} (main.ts, when `SEED_DEMO` is on): each an
 * active `users` row with a verified e-mail at `@demo.pulso.local`, an
 * unusable password and a fresh personal code, plus its `medicos` row, CRM
 * and specialties. Idempotent, keyed by e-mail: a doctor whose e-mail already
 * has an account is skipped. Needs the reference data (cities, specialties)
 * seeded first.
 */
export async function seedDemoDoctors(db: Db, doctors: readonly DemoDoctor[] = DEMO_DOCTORS): Promise<void> {
  const names = [...new Set(doctors.flatMap((d) => d.especialidades))];
  const specialtyIds = new Map<string, number>();
  if (names.length > 0) {
    const found = await db
      .select({ id: especialidades.id, nome: especialidades.nome })
      .from(especialidades)
      .where(inArray(especialidades.nome, names));
    for (const s of found) specialtyIds.set(s.nome, s.id);
  }
  for (const doctor of doctors) await seedOne(db, doctor, specialtyIds);
}
