/**
 * The part of `fs-native-extensions` (holepunchto; no types of its own) that
 * `lock.ts` uses: an exclusive, non-blocking lock on an open file — an
 * open-file-description `fcntl` lock on Linux, `flock` on macOS,
 * `LockFileEx` on Windows — that the kernel releases when the descriptor is
 * closed or the process dies, however it dies.
 */
declare module 'fs-native-extensions' {
  /** True when the lock was taken; false when another open file holds it (EAGAIN). */
  export function tryLock(fd: number, opts?: { shared?: boolean }): boolean;
  /** Releases a lock taken on `fd`. */
  export function unlock(fd: number): void;
}
