import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DOCTORS, type E2eDoctor } from './doctors.ts';

/**
 * Creates the journeys' doctors ({@link DOCTORS}) in the server's database
 * before the server starts: the first half of playwright.config.ts
 * `webServer.command`, run with the server's own environment (DATA_DIR,
 * DATABASE_URL, PUBLIC_ORIGIN). It calls what `npm run medico:create` runs
 * (`runMedicoCreate` of apps/server/src/cli/medico-create.ts) once per
 * doctor; on the embedded database the tool needs the data directory
 * unlocked, which holds only while no server runs on it. Exits 1, with the
 * tool's words on stderr, when a doctor is refused: the server then does not
 * start and Playwright reports why.
 */

type RunMedicoCreate = (
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
  err: (line: string) => void,
) => Promise<number>;

const CLI = path.join(import.meta.dirname, '..', '..', 'apps', 'server', 'src', 'cli', 'medico-create.ts');

function argsOf(doctor: E2eDoctor): string[] {
  return [
    ...['--name', doctor.name, '--email', doctor.email, '--password', doctor.password],
    ...['--crm', doctor.crm, '--especialidade', doctor.especialidade, '--cidade', doctor.cidade],
  ];
}

// Imported by address, not by name: the server's sources are not part of the e2e TypeScript project.
const { runMedicoCreate } = (await import(pathToFileURL(CLI).href)) as { runMedicoCreate: RunMedicoCreate };

for (const doctor of Object.values(DOCTORS)) {
  const lines: string[] = [];
  const code = await runMedicoCreate(
    argsOf(doctor),
    process.env,
    (line) => lines.push(line),
    (line) => lines.push(line),
  );
  if (code !== 0) {
    console.error(`medico:create ${doctor.email} saiu com ${code}:\n${lines.join('\n')}`);
    process.exit(1);
  }
}
