import type { ViewerKind } from '@pulso/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { perDatabase } from '../../db/per-database.ts';
import { medicos, users } from '../../db/schema/index.ts';
import { kindOf, ownDoctorSql, professionalSql } from './viewer-rules.ts';

/** The patient whose code is open, as far as classifying a viewer needs it. */
export interface CodeOwner {
  id: number;
  /** `hospitalar.medico_id`: the doctor the patient chose, one of their doctors. */
  medico_id: number | null;
}

/** Classifies the viewer of a patient's code; see {@link viewerClassifier}. */
export type ClassifyViewer = (viewerId: number | null, owner: CodeOwner) => Promise<ViewerKind>;

/**
 * Builds, once per database, the classification of a code's viewer into the
 * domain's five kinds (`kindOf` in viewer-rules.ts, over the domain's
 * `classifyViewer`): no account → guest; the patient → self, without a
 * query; otherwise one prepared query asks which roles the account holds,
 * with the same SQL facts as the scan statement (`ownDoctorSql`,
 * `professionalSql`):
 * - a doctor account (a `medicos` row, not suspended) is one of the
 *   patient's doctors when it has a care session with them in A, E or ET or
 *   is the doctor chosen in `hospitalar.medico_id`, else a health professional;
 * - an emergency-professional credential makes a health professional when
 *   the domain's `countsForLevel3` says its review status counts (issue 9:
 *   only one staff verified);
 * - any other account is another user.
 * Used where one viewer is classified at a time (adding a record through a
 * code); the scan classifies inside its own statement (scan.statement.ts).
 */
export const viewerClassifier = perDatabase((db: Db): ClassifyViewer => {
  const medicoId = sql`${medicos.id}`;
  const facts = db
    .select({
      ownDoctor: ownDoctorSql(
        medicoId,
        sql`${sql.placeholder('owner_id')}::integer`,
        sql`${sql.placeholder('owner_medico_id')}::integer`,
      ).mapWith(Boolean),
      professional: professionalSql(medicoId, sql`${users.id}`).mapWith(Boolean),
    })
    .from(users)
    .leftJoin(medicos, and(eq(medicos.user_id, users.id), isNull(medicos.suspended_at)))
    .where(and(eq(users.id, sql.placeholder('viewer_id')), eq(users.is_active, true)))
    .limit(1)
    .prepare('code_viewer_facts');

  const classify: ClassifyViewer = async (viewerId, owner) => {
    if (viewerId === null || viewerId === owner.id)
      return kindOf({
        viewer: viewerId !== null,
        self: true,
        found: true,
        ownDoctor: false,
        professional: false,
      });
    const [row] = await facts.execute({
      viewer_id: viewerId,
      owner_id: owner.id,
      owner_medico_id: owner.medico_id,
    });
    return kindOf({
      viewer: true,
      self: false,
      found: row !== undefined,
      ownDoctor: row?.ownDoctor === true,
      professional: row?.professional === true,
    });
  };
  return classify;
});
