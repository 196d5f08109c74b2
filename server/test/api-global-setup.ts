import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '../db/migrate.ts';
import { openPgliteDatabase } from '../db/pglite-database.ts';
import { openPostgresDatabase } from '../db/postgres-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a dump of a migrated database to start each test file from. */
    pgliteTemplatePath: string;
    /** PostgreSQL: a migrated database to CREATE DATABASE ... TEMPLATE from. */
    postgresTemplateName: string;
  }
}

/**
 * Migrates once per run into a template, so each test file gets a fresh database in a fraction
 * of the time a migration takes (PGlite needs seconds to create and migrate).
 */
export default async function setup(project: TestProject) {
  // `env` of the project config reaches the test workers, not this process: read it from there.
  if (project.config.env?.TEST_DB_KIND === 'postgres') return setupPostgres(project);
  const dir = await mkdtemp(join(tmpdir(), 'api-tests-'));
  const db = await openPgliteDatabase();
  await migrate(db);
  const path = join(dir, 'template.tar');
  await writeFile(path, Buffer.from(await (await db.dump()).arrayBuffer()));
  await db.close();
  project.provide('pgliteTemplatePath', path);
  project.provide('postgresTemplateName', '');
  return () => rm(dir, { recursive: true, force: true });
}

async function setupPostgres(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  const templateName = `tpl_${process.pid}_${Date.now()}`;
  await adminQuery(url, `create database ${templateName}`);
  const db = openPostgresDatabase(withDatabase(url, templateName), { max: 1 });
  await migrate(db);
  await db.close();
  project.provide('pgliteTemplatePath', '');
  project.provide('postgresTemplateName', templateName);
  return async () => {
    await adminQuery(url, `drop database if exists ${templateName} with (force)`);
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
