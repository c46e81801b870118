/** How long a downloaded blob's object URL stays alive: some browsers read it after `click()` returns. */
const REVOKE_AFTER_MS = 30_000;

/**
 * Saves a blob as a file through an object URL and a temporary `<a download>`
 * (works under the CSP: no data: navigation, no new window).
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
