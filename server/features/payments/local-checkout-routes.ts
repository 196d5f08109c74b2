import { escapeHtml } from '#domain/format/html-escape.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  closeLocalSession,
  findLocalSession,
  type LocalSessionRow,
} from '../../adapters/payments/local-checkout-repository.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { requestAddress, requestOrigin } from '../../http/canonical-origin.ts';
import type { PaymentsService } from './payments-service.ts';

interface LocalCheckoutDeps {
  db: Queryable;
  payments: PaymentsService;
  publicUrl: string;
  trustProxy: string | false;
}

/**
 * The local test checkout (DEV_TOOLS): a page with `Pay` and `Cancel` that drives the same
 * completion path as Stripe's webhook, then sends the browser to the success or cancel URL.
 * Like Stripe, it takes no money for a session that was closed (cancelled, expired, replaced by
 * the patient's next checkout) or whose appointment is no longer held or payable.
 */
export async function registerLocalCheckoutRoutes(parent: FastifyInstance, deps: LocalCheckoutDeps): Promise<void> {
  await parent.register(async (app) => routes(app, deps));
}

function routes(app: FastifyInstance, deps: LocalCheckoutDeps): void {
  const publicOrigin = new URL(deps.publicUrl).origin;
  const fallbackProtocol = publicOrigin.startsWith('https:') ? 'https' : 'http';

  /** Posts from this site's own page only: the Origin (or, without one, the Referer) must be ours. */
  const isSameSite = (request: FastifyRequest) => {
    const origin = request.headers.origin ?? originOf(request.headers.referer);
    if (!origin || origin === 'null') return false;
    return (
      origin === publicOrigin || origin === requestOrigin(requestAddress(request, deps.trustProxy), fallbackProtocol)
    );
  };

  const isOpen = async (session: LocalSessionRow) =>
    session.status === 'open' && (await deps.payments.canPay(session.id));

  // The page's buttons post plain HTML forms; their (empty) bodies carry nothing we read.
  app.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) => done(null, {}));

  app.get<{ Params: { id: string } }>('/_dev/checkout/:id', async (request, reply) => {
    const session = await findLocalSession(deps.db, request.params.id);
    // not patient-facing (the local test checkout of development)
    if (!session) throw AppError.notFound('No such checkout session.');
    const amount = `$${(session.amount_cents / 100).toFixed(2)}`;
    const action = (verb: string) => `/_dev/checkout/${encodeURIComponent(session.id)}/${verb}`;
    const body = (await isOpen(session))
      ? `<p class="amount">${amount}</p>
           <form method="post" action="${action('pay')}"><button type="submit">Pay</button></form>
           <form method="post" action="${action('cancel')}">
             <button type="submit" class="secondary">Cancel</button></form>`
      : `<p>This checkout is ${session.status === 'complete' ? 'paid' : 'closed'}.</p>`;
    return sendPage(reply, 200, session, body);
  });

  app.post<{ Params: { id: string } }>('/_dev/checkout/:id/:outcome', async (request, reply) => {
    const { id, outcome } = request.params as { id: string; outcome: string };
    // not patient-facing (the local test checkout of development)
    if (outcome !== 'pay' && outcome !== 'cancel') throw AppError.notFound('Unknown checkout action.');
    if (!isSameSite(request)) throw new AppError(403, 'FORBIDDEN', 'This checkout accepts its own page only.');
    const session = await findLocalSession(deps.db, id);
    // not patient-facing (the local test checkout of development)
    if (!session) throw AppError.notFound('No such checkout session.');
    // Cancel stays possible on an open session whose hold ran out: it stands in for Stripe's late "expired".
    if (outcome === 'pay' && !(await isOpen(session)))
      return sendPage(reply, 409, session, '<p>This checkout is closed: nothing was paid.</p>');
    if (await closeLocalSession(deps.db, id, outcome === 'pay' ? 'paid' : 'expired')) {
      if (outcome === 'pay') await deps.payments.completeSession(id, `local:${id}:completed`);
      else await deps.payments.markUnpaid(id, `local:${id}:expired`);
    }
    return reply.redirect(outcome === 'pay' ? session.success_url : session.cancel_url, 303);
  });
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function sendPage(reply: FastifyReply, status: number, session: LocalSessionRow, body: string) {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test checkout</title><link rel="icon" href="data:,">
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#0f172a}
.amount{font-size:2rem;font-weight:700}
button{min-height:44px;min-width:112px;margin:.25rem 0;padding:.5rem 1rem;font-size:1rem;border-radius:.5rem;
border:1px solid #0f766e;background:#0f766e;color:#fff;cursor:pointer}
.secondary{background:#fff;color:#0f766e}button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
</style></head>
<body><main><h1>Test checkout</h1><p>No card is charged: this page stands in for Stripe Checkout.</p>
<p>${escapeHtml(session.description)}</p>${body}</main></body></html>`);
}
