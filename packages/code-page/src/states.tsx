/** @jsxRuntime automatic */
/** @jsxImportSource preact */
import type { Messages } from './i18n.ts';

/** Whose data a tab shows: the patient's name as the tab's `<h1>` (the Emergency tab has its own). */
export function PatientHeading({ name }: { name: string }) {
  return <h1 class="cp-patient">{name}</h1>;
}

/**
 * A tab this viewer may not read: the permission message, plainly, and nothing that hints at the
 * data. A guest is told that signing in may show more (a doctor, or a patient who allows signed-in
 * users).
 */
export function DeniedTab({ t, guest }: { t: Messages; guest: boolean }) {
  return (
    <div class="cp-state cp-denied">
      <p class="cp-state-title">{t.denied}</p>
      {guest && (
        <>
          <p>{t.deniedGuest}</p>
          <a class="cp-button cp-button-outline" href="/login">
            {t.signIn}
          </a>
        </>
      )}
    </div>
  );
}

/** Placeholder of a tab while its code or this viewer's answer loads. */
export function TabLoading({ label }: { label: string }) {
  return (
    <div class="cp-loading" role="status" aria-label={label}>
      <span class="cp-skeleton cp-skeleton-title" />
      <span class="cp-skeleton cp-skeleton-line" />
      <span class="cp-skeleton cp-skeleton-block" />
      <span class="cp-skeleton cp-skeleton-block" />
    </div>
  );
}

/** A tab whose answer failed while the Emergency tab still shows: the message and a retry. */
export function TabError({ t, message, onRetry }: { t: Messages; message: string; onRetry: () => void }) {
  return (
    <div class="cp-state">
      <p class="cp-state-title" role="alert">
        {message}
      </p>
      <button type="button" class="cp-button" onClick={onRetry}>
        {t.retry}
      </button>
    </div>
  );
}
