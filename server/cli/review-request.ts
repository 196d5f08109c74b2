import { fail, linkBaseUrl, loadConfigOrExit, messageOf } from './cli-support.ts';
import { systemClock } from '../clock.ts';
import { describeDatabase, openDatabase } from '../db/open-database.ts';
import { CreateReviewRequestBodySchema } from '#domain/reviews/review-request-schemas.ts';
import { AppError } from '../http/app-error.ts';
import { parseBody } from '../http/request-parsing.ts';
import { createPracticesService } from '../features/practices/practices-service.ts';
import { parseReviewRequestArgs } from '../features/reviews/review-request-args.ts';
import { createReviewsService } from '../features/reviews/reviews-service.ts';

/**
 * `npm run review:request -- --practice <form_url> --first-name … --last-name … [--email …]
 * [--phone …] [--send]`: the admin API's review request from a terminal. The URL goes to stdout
 * alone, so scripts can capture it; messages queued with --send go out from the server's worker.
 */
async function main(argv: string[]): Promise<void> {
  const args = parseReviewRequestArgs(argv);
  if (!args.ok) fail(args.message);
  const config = loadConfigOrExit();
  const db = await openDatabase(config).catch((error: unknown) =>
    fail(`Could not open the database (${describeDatabase(config)}): ${messageOf(error)}`),
  );
  try {
    const reviews = createReviewsService({
      db,
      clock: systemClock,
      publicUrl: linkBaseUrl(config),
      practices: createPracticesService(db, { publishableKey: null }),
      texts: config.offers.texts,
    });
    const created = await reviews.createRequest(parseBody(CreateReviewRequestBodySchema, args.body));
    console.log(created.review_url);
    console.error(
      `request_id ${created.request_id}; ${
        created.sent_via.length > 0 ? `queued by ${created.sent_via.join(' and ')}` : 'nothing sent'
      }`,
    );
  } catch (error) {
    await db.close().catch(() => undefined);
    if (error instanceof AppError) {
      fail(
        [error.message, ...Object.entries(error.fields ?? {}).map(([field, problem]) => `  ${field}: ${problem}`)].join(
          '\n',
        ),
      );
    }
    fail(`Failed: ${messageOf(error)}`);
  }
  await db.close();
}

await main(process.argv.slice(2));
