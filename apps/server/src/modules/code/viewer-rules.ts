import {
  classifyViewer,
  countsForLevel3,
  OWN_DOCTOR_SESSION_STATUSES,
  PROFISSIONAL_STATUS,
  SAUDE_LEVELS,
  servedTabs,
  VIEWER_KINDS,
  type ViewerKind,
  visibleTabs,
} from '@pulso/domain';
import { type SQL, sql } from 'drizzle-orm';
import { atendimentos, profissionais } from '../../db/schema/index.ts';

/**
 * What the server finds out about the viewer of a code: whether a viewer
 * account was named at all (a live token), whether it is the patient,
 * whether it is an active account, one of the patient's doctors, a health
 * professional (docs/authorization.md "Who sees what through the code").
 */
export interface FoundFacts {
  viewer: boolean;
  self: boolean;
  found: boolean;
  ownDoctor: boolean;
  professional: boolean;
}

/**
 * The viewer's kind from what was found: no viewer, or an account that is
 * no longer active, is a guest; the patient is `self` without asking
 * further; anyone else is classified by the domain's `classifyViewer`.
 */
export function kindOf(facts: FoundFacts): ViewerKind {
  if (!facts.viewer) return 'guest';
  if (facts.self) return 'self';
  if (!facts.found) return 'guest';
  return classifyViewer({
    signedIn: true,
    isSelf: false,
    isOwnDoctor: facts.ownDoctor,
    isHealthProfessional: facts.professional,
  });
}

/** The emergency-professional review statuses that count as a health professional (domain `countsForLevel3`). */
const COUNTING_PROFISSIONAL_STATUSES = PROFISSIONAL_STATUS.filter(countsForLevel3);

/**
 * True when the doctor `medicoId` (a not-suspended `medicos.id`, or null) is
 * one of the patient `ownerId`'s doctors: the one chosen in
 * `hospitalar.medico_id` (`ownerMedicoId`), or one with a care session with
 * them in the domain's `OWN_DOCTOR_SESSION_STATUSES`.
 */
export function ownDoctorSql(medicoId: SQL, ownerId: SQL, ownerMedicoId: SQL): SQL {
  return sql`(${medicoId} is not null and (${medicoId} = ${ownerMedicoId} or exists (
    select 1 from ${atendimentos} where ${atendimentos.medico_id} = ${medicoId}
      and ${atendimentos.user_id} = ${ownerId}
      and ${atendimentos.status} in (${sql.raw(literalList(OWN_DOCTOR_SESSION_STATUSES))}))))`;
}

/**
 * True when the account `accountId` counts as a health professional: a
 * doctor account not suspended (`medicoId` not null), or an
 * emergency-professional credential whose review status
 * {@link COUNTING_PROFISSIONAL_STATUSES} holds.
 */
export function professionalSql(medicoId: SQL, accountId: SQL): SQL {
  return sql`(${medicoId} is not null or exists (select 1 from ${profissionais}
    where ${profissionais.user_id} = ${accountId}
      and ${profissionais.status} in (${sql.raw(literalList(COUNTING_PROFISSIONAL_STATUSES))})))`;
}

/**
 * The decision tables the scan statement (`scan.statement.ts`) reads, built
 * here once from the domain's rules ({@link kindOf}, `visibleTabs`,
 * `servedTabs`) by trying every input, so that the SQL only indexes them and
 * holds no rule of its own:
 * - `kindSql(facts)`: the viewer's kind from the five facts (32 cases);
 * - `tabsSql(kind, permissoes…)`: the tabs served as logged
 *   (`'emergencia,endereco'`) from the kind and the patient's four
 *   permissions (5 kinds × 4 levels × 2 × 2 × 2).
 */
export const viewerTables = {
  kindSql(facts: Record<keyof FoundFacts, SQL>): SQL {
    const index = sql.join(
      FACT_ORDER.map((fact, bit) => sql`(${facts[fact]})::int * ${sql.raw(String(1 << bit))}`),
      sql` + `,
    );
    return sql`(${sql.raw(KIND_TABLE)})[${index} + 1]`;
  },
  tabsSql(kind: SQL, permissoes: { saude: SQL; timeline: SQL; endereco: SQL; emergencia_saude: SQL }): SQL {
    const kindIndex = sql`array_position(${sql.raw(textArray(VIEWER_KINDS))}, ${kind}) - 1`;
    const permissionIndex = sql`(${permissoes.saude} - ${sql.raw(String(SAUDE_LEVELS[0]))}) * 8
      + (${permissoes.timeline})::int * 4 + (${permissoes.endereco})::int * 2 + (${permissoes.emergencia_saude})::int`;
    return sql`(${sql.raw(TABS_TABLE)})[(${kindIndex}) * ${sql.raw(String(PERMISSION_CASES))} + ${permissionIndex} + 1]`;
  },
};

const FACT_ORDER = [
  'viewer',
  'self',
  'found',
  'ownDoctor',
  'professional',
] as const satisfies readonly (keyof FoundFacts)[];
const PERMISSION_CASES = SAUDE_LEVELS.length * 8;

/** Every bit pattern of the facts, lowest bit first in {@link FACT_ORDER}. */
const KIND_TABLE = textArray(
  Array.from({ length: 1 << FACT_ORDER.length }, (_, index) =>
    kindOf(
      Object.fromEntries(
        FACT_ORDER.map((fact, bit) => [fact, (index & (1 << bit)) !== 0]),
      ) as unknown as FoundFacts,
    ),
  ),
);

const TABS_TABLE = textArray(
  VIEWER_KINDS.flatMap((kind) =>
    SAUDE_LEVELS.flatMap((saude) =>
      Array.from({ length: 8 }, (_, bits) =>
        servedTabs(
          visibleTabs(
            {
              saude,
              timeline: (bits & 4) !== 0,
              endereco: (bits & 2) !== 0,
              emergencia_saude: (bits & 1) !== 0,
            },
            kind,
          ),
        ).join(','),
      ),
    ),
  ),
);

/** A SQL text array literal of domain constants (letters, digits, `_` and `,` only: checked, no quoting needed). */
function textArray(values: readonly string[]): string {
  return `array[${literalList(values)}]::text[]`;
}

function literalList(values: readonly string[]): string {
  for (const value of values)
    if (!/^[A-Za-z0-9_,]*$/.test(value)) throw new Error(`not a plain constant: ${value}`);
  return values.map((value) => `'${value}'`).join(', ');
}
