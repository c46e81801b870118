import { classifyViewer, countsForLevel3, type ProfissionalStatus, type ViewerKind } from '@pulso/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { atendimentos, medicos, profissionais, users } from '../../db/schema/index.ts';

/** The patient whose code is open, as far as classifying a viewer needs it. */
export interface CodeOwner {
  id: number;
  /** `hospitalar.medico_id`: the doctor the patient chose, one of their doctors. */
  medico_id: number | null;
}

/** Classifies the viewer of a patient's code; see {@link viewerClassifier}. */
export type ClassifyViewer = (viewerId: number | null, owner: CodeOwner) => Promise<ViewerKind>;

const classifiers = new WeakMap<Db, ClassifyViewer>();

/**
 * Builds, once per database, the classification of a code's viewer into the
 * domain's five kinds (`classifyViewer`): no account → guest; the patient →
 * self, without a query; otherwise one prepared query asks which roles the
 * account holds:
 * - a doctor account (a `medicos` row, not suspended) is one of the
 *   patient's doctors when it has a care session with them in A, E or ET or
 *   is the doctor chosen in `hospitalar.medico_id`, else a health professional;
 * - an emergency-professional credential makes a health professional when
 *   the domain's `countsForLevel3` says its review status counts (issue 9:
 *   only one staff verified); the query reads the status, the rule stays
 *   in `packages/domain`;
 * - any other account is another user.
 * New roles plug in as another column of that query and another fact.
 */
export function viewerClassifier(db: Db): ClassifyViewer {
  const built = classifiers.get(db);
  if (built) return built;
  const facts = db
    .select({
      medicoId: medicos.id,
      isOwnDoctor: sql<boolean>`${medicos.id} is not null and (
        ${medicos.id} = ${sql.placeholder('owner_medico_id')}::integer
        or exists (select 1 from ${atendimentos} where ${atendimentos.medico_id} = ${medicos.id}
          and ${atendimentos.user_id} = ${sql.placeholder('owner_id')}::integer
          and ${atendimentos.status} in ('A', 'E', 'ET')))`,
      // One credential per account (unique user_id): its review status, or null.
      profissionalStatus: sql<ProfissionalStatus | null>`(select ${profissionais.status} from ${profissionais}
        where ${profissionais.user_id} = ${users.id} limit 1)`,
    })
    .from(users)
    .leftJoin(medicos, and(eq(medicos.user_id, users.id), isNull(medicos.suspended_at)))
    .where(and(eq(users.id, sql.placeholder('viewer_id')), eq(users.is_active, true)))
    .limit(1)
    .prepare('code_viewer_facts');

  const classify: ClassifyViewer = async (viewerId, owner) => {
    if (viewerId === null) return 'guest';
    if (viewerId === owner.id) return 'self';
    const [row] = await facts.execute({
      viewer_id: viewerId,
      owner_id: owner.id,
      owner_medico_id: owner.medico_id,
    });
    if (!row) return 'guest';
    return classifyViewer({
      signedIn: true,
      isSelf: false,
      isOwnDoctor: Boolean(row.isOwnDoctor),
      isHealthProfessional:
        row.medicoId !== null || (row.profissionalStatus !== null && countsForLevel3(row.profissionalStatus)),
    });
  };
  classifiers.set(db, classify);
  return classify;
}
