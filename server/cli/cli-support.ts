import { ConfigError, loadConfig, type Config } from '../config.ts';

/** What every command line entry (server start, imports, operator commands) needs on failure. */

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Parses the environment; a bad variable stops the command with every problem listed. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}
