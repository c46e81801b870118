import { TIMELINE_MESSAGES } from '@pulso/domain';
import { ApiError } from '../../../lib/api.ts';

/**
 * Why the server would not take a record for another patient, shown by the
 * Save button until the next attempt (docs/timeline-privacy.md): the daily
 * cap (429) or a lookup of the code older than 24 hours (403), which a new
 * lookup renews.
 */
export interface AddRefusal {
  kind: 'limite' | 'busca';
  message: string;
}

/** The refusal an `ApiError` of `POST /api/timeline/item` is, or null for any other failure. */
export function addRefusal(error: unknown): AddRefusal | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 429) return { kind: 'limite', message: error.message };
  if (error.status === 403 && error.message === TIMELINE_MESSAGES.lookupRequired) {
    return { kind: 'busca', message: error.message };
  }
  return null;
}
