import { writeFileSync } from 'node:fs';

/**
 * Writes a benchmark's figures as JSON to the file `BENCH_JSON` names, when
 * set: `bench/all.ts` runs each benchmark with it and prints one table of
 * them all (bench/README.md "all.ts").
 */
export function reportJson(figures: unknown): void {
  const file = process.env.BENCH_JSON;
  if (file) writeFileSync(file, JSON.stringify(figures, null, 2));
}
