import { type ParseArgsConfig, parseArgs } from 'node:util';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { CliError, withCliDatabase } from './cli-database.ts';
import type { CliValues } from './cli-options.ts';

/** A command-line tool: arguments, environment and its two output lines; answers the exit code. */
export type CliCommand = (
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
  err: (line: string) => void,
) => Promise<number>;

/**
 * Options a tool refuses before touching the database (exit 2): each line on
 * stderr, then a blank line and the usage text unless `withUsage` is false.
 */
export class CliProblems {
  constructor(
    readonly lines: string[],
    readonly withUsage = true,
  ) {}
}

/** What one tool states; {@link cliCommand} does the rest. */
export interface CliTool<Input, Result> {
  /** The pt-BR usage text, printed for `--help` and after refused options. */
  usage: string;
  /** Its options, parsed strictly by `node:util` parseArgs (`--help`/`-h` added). */
  options: NonNullable<ParseArgsConfig['options']>;
  /** Checks the parsed options: the tool's input, or the {@link CliProblems} that refuse them. */
  validate: (values: CliValues) => Input | CliProblems;
  /**
   * The work, on the server's own database under the data-directory lock
   * (`withCliDatabase`); a refusal is thrown as a {@link CliError} holding its pt-BR lines.
   */
  work: (input: Input, database: Database, config: Config) => Promise<Result>;
  /** Prints what was done, after the database is closed. */
  report: (
    result: Result,
    input: Input,
    config: Config,
    out: (line: string) => void,
    err: (line: string) => void,
  ) => void;
}

/**
 * The server's configuration for a tool, or `null` after printing its pt-BR
 * problems on `err` (the tool then exits 1). Any other error is thrown.
 */
export function loadCliConfig(env: NodeJS.ProcessEnv, err: (line: string) => void): Config | null {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    err(error.message);
    return null;
  }
}

/**
 * One command-line tool out of its parts: parses `argv` (exit 0 after the
 * usage for `--help`; exit 2 with 'Opção inválida' and the usage for an
 * unknown or malformed option), validates (exit 2 with its problems), loads
 * the server's configuration from `env` (exit 1 with its pt-BR problems),
 * runs the work on the database (`withCliDatabase`, docs/operations-and-faults.md
 * "The data-directory lock"; exit 1 with the message of a {@link CliError})
 * and reports it (exit 0). Any other error is thrown.
 */
export function cliCommand<Input, Result>(tool: CliTool<Input, Result>): CliCommand {
  return async (argv, env, out, err) => {
    let values: CliValues;
    try {
      values = parseArgs({
        args: argv,
        strict: true,
        allowPositionals: false,
        options: { ...tool.options, help: { type: 'boolean', short: 'h' } },
      }).values as CliValues;
    } catch (error) {
      err(`Opção inválida: ${(error as Error).message}\n\n${tool.usage}`);
      return 2;
    }
    if (values.help) {
      out(tool.usage);
      return 0;
    }
    const input = tool.validate(values);
    if (input instanceof CliProblems) {
      for (const line of input.lines) err(line);
      if (input.withUsage) err(`\n${tool.usage}`);
      return 2;
    }
    const config = loadCliConfig(env, err);
    if (!config) return 1;
    try {
      const result = await withCliDatabase(config, (database) => tool.work(input, database, config));
      tool.report(result, input, config, out, err);
      return 0;
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      err(error.message);
      return 1;
    }
  };
}

/**
 * Runs `command` when `filename` (the tool's `import.meta.filename`) is the
 * process's entry point (`node --import tsx <file>`, what its npm script
 * does): its answer becomes the exit code; an unexpected error prints its
 * stack and exits 1.
 */
export function runIfMain(filename: string, command: CliCommand): void {
  if (process.argv[1] === undefined || filename !== process.argv[1]) return;
  command(
    process.argv.slice(2),
    process.env,
    (line) => console.log(line),
    (line) => console.error(line),
  ).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exitCode = 1;
    },
  );
}
