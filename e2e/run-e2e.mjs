// Runs the Playwright journeys. Chromium is Debian's (/usr/bin/chromium, installed by .ci/run):
// without it CI fails; elsewhere the journeys are skipped with a clear message.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const why = `Chromium not found at ${chromium} (install: apt-get install -y chromium fonts-liberation).`;
  if (process.env.CI) {
    console.error(`E2E FAILED: ${why}`);
    process.exit(1);
  }
  console.warn(`E2E SKIPPED: ${why} The browser journeys did not run.`);
  process.exit(0);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
