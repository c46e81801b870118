/**
 * `make()` on the first call, the same value after. For what is costly to build and not always needed —
 * an `Intl` formatter or segmenter costs tens of microseconds to build on a server and far more on a
 * slow phone, at module load if built there (the public page of a code loads these modules).
 */
export function once<T>(make: () => T): () => T {
  let value: { v: T } | null = null;
  return () => {
    value ??= { v: make() };
    return value.v;
  };
}
