/**
 * Where a purchase was opened from (`location.state.from`, an in-app path
 * such as a doctor's profile), to go back there after paying; `fallback`
 * when absent or not an in-app path (`//host` and absolute URLs are not).
 */
export function returnPath(state: unknown, fallback: string): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : fallback;
}
