import { resolve } from 'node:path';
import { buildApp } from './app.ts';
import { announceServerUrl } from './db/data-dir-lock.ts';
import { createJobWorker, wakeOnQueuedJobs } from './jobs/job-worker.ts';
import { fail, loadConfigOrExit } from './cli/cli-support.ts';
import { describeDatabase, openDatabase } from './db/open-database.ts';
import { listPracticeFormUrls } from './features/practices/practices-repository.ts';
import { importDemoPracticesIfEmpty } from './features/practices/demo-practices.ts';
import { findStoredPracticeProblems } from './features/practices/practice-deployment-check.ts';
import { PracticeImportRefused } from './features/practices/practice-import.ts';
import { setUpReviewJobs } from './features/reviews/review-request-sweep.ts';
import { ensureDemoOwner } from './features/console/staff/demo-owner.ts';

/** Process start: config, database (migrated), demo data on an empty database, then listen. */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const db = await openDatabase(config, 'the booking server').catch((error: unknown) => {
    fail(
      `Could not open the database (${describeDatabase(config)}):\n  ` +
        `${error instanceof Error ? error.message : String(error)}`,
    );
  });
  const imported = await importDemoPracticesIfEmpty(db, undefined, { offers: config.offers }).catch(
    async (error: unknown) => {
      if (!(error instanceof PracticeImportRefused)) throw error;
      await db.close();
      fail(`Not started: the demo practices need what this server does not offer.\n${error.problems.join('\n')}`);
    },
  );
  if (imported) console.log(`Imported the demo practices: ${imported.join(', ')}`);
  // A practice this server cannot serve (a paid reason without Stripe) stops the start (ADR 0029).
  const problems = await findStoredPracticeProblems(db, config.offers);
  if (problems.length > 0) {
    await db.close();
    fail(
      [
        `Not started: ${problems.length} problem(s) with the practices in ${describeDatabase(config)}`,
        ...problems,
      ].join('\n'),
    );
  }

  const demoOwner = await ensureDemoOwner(db, config);
  const app = await buildApp({ config, db });
  // Every process runs a worker; the job table's row locks keep them from sending twice. It and the
  // review sweep read the app's own clock, so /_dev/clock (DEV_TOOLS) moves their time too.
  const worker = createJobWorker({
    db,
    clock: app.clock,
    handlers: {
      // Messages (SMTP, Twilio or the outbox), refunds, Open Dental writes.
      ...app.background.jobHandlers,
      // Also (re)starts the chain of review-request sweeps (ADR 0013).
      ...(await setUpReviewJobs({ db, clock: app.clock, publicUrl: config.publicUrl, texts: config.offers.texts })),
    },
    logger: app.log,
  });
  // A change's subscribers and messages start when it commits; the worker's poll is the fallback (ADR 0069).
  const stopWaking = wakeOnQueuedJobs(db, worker);
  const timers = app.background.periodic.map((task) =>
    setInterval(
      () => task.run().catch((error: unknown) => app.log.error({ err: error }, `${task.name} failed`)),
      task.everyMs,
    ),
  );
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    timers.forEach(clearInterval);
    await app.close();
    stopWaking();
    await worker.stop();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  worker.start();
  // First fill of every Open Dental practice's mirror, then its background refreshes (ADR 0071).
  app.openDentalMirror?.start();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const base = config.publicUrl.replace(`:${config.port}`, `:${port}`);
  if (!config.databaseUrl) announceServerUrl(resolve(config.dataDir), base);
  console.log(`\nBooking app running on ${describeDatabase(config)}.`);
  for (const formUrl of await listPracticeFormUrls(db)) console.log(`  ${base}/${formUrl}`);
  if (demoOwner)
    console.log(
      `\nStaff console: ${base}/console\n  demo owner of bright-smile: ${demoOwner.email} / ${demoOwner.password}`,
    );
  console.log('');
}

await main();
