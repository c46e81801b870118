import { subscribeToken } from '../../../lib/token.ts';

/**
 * The reason a patient is writing to a doctor, kept while they leave the
 * request to pay for it (docs/api/telemedicina.md "What a request will use"):
 * in this tab's memory only — a reload forgets it and nothing of it is
 * written to the device — and forgotten on any sign-in or sign-out, so the
 * next account on the device never reads it.
 */
const drafts = new Map<number, string>();
let watching = false;

/** The kept reason for doctor `medicoId`, or `''`. */
export function readMotivoDraft(medicoId: number): string {
  return drafts.get(medicoId) ?? '';
}

/** Keeps `motivo` for doctor `medicoId` (a blank one is dropped). */
export function keepMotivoDraft(medicoId: number, motivo: string): void {
  if (!watching) {
    watching = true;
    subscribeToken(() => drafts.clear());
  }
  if (motivo.trim() === '') drafts.delete(medicoId);
  else drafts.set(medicoId, motivo);
}

/** Forgets the reason for doctor `medicoId` (sent, or cancelled by the patient). */
export function dropMotivoDraft(medicoId: number): void {
  drafts.delete(medicoId);
}
