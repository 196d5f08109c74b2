import { resolve } from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { lastServerUrl } from '../db/data-dir-lock.ts';

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

/**
 * Where a command's links point: PUBLIC_URL when set; otherwise, on the embedded database, the URL
 * of the server that last served this DATA_DIR (it may run on another port than this shell's);
 * otherwise the default (ADR 0065).
 */
export function linkBaseUrl(config: Config): string {
  if (process.env.PUBLIC_URL || config.databaseUrl) return config.publicUrl;
  return lastServerUrl(resolve(config.dataDir)) ?? config.publicUrl;
}
