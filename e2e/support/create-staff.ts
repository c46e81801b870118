import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { STAFF } from './staff.ts';

/**
 * Creates the journeys' staff ({@link STAFF}) before the server starts
 * (playwright.config.ts `webServer.command`) with what `npm run
 * admin:create` runs (`runAdminCreate` of apps/server/src/cli/admin-create.ts),
 * the documented way the first admin is made. Exits 1 with the tool's words
 * when one is refused: the server then does not start and Playwright says why.
 */

type RunAdminCreate = (
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
  err: (line: string) => void,
) => Promise<number>;

const CLI = path.join(import.meta.dirname, '..', '..', 'apps', 'server', 'src', 'cli', 'admin-create.ts');
// Imported by address, not by name: the server's sources are not part of the e2e TypeScript project.
const { runAdminCreate } = (await import(pathToFileURL(CLI).href)) as { runAdminCreate: RunAdminCreate };

for (const member of Object.values(STAFF)) {
  const lines: string[] = [];
  const args = [
    '--name',
    member.name,
    '--email',
    member.email,
    '--password',
    member.password,
    '--role',
    member.role,
  ];
  const code = await runAdminCreate(
    args,
    process.env,
    (line) => lines.push(line),
    (line) => lines.push(line),
  );
  if (code !== 0) {
    console.error(`admin:create ${member.email} saiu com ${code}:\n${lines.join('\n')}`);
    process.exit(1);
  }
}
