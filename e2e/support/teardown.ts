import { rmSync } from 'node:fs';

/** Deletes the run's temporary DATA_DIR (playwright.config.ts), once the server has stopped. */
export default function teardown(): void {
  const dir = process.env.PULSO_E2E_DATA_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
