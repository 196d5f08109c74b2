import { escapeHtml } from '#domain/format/html-escape.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  closeLocalSession,
  findLocalSession,
  type LocalSessionRow,
} from '../../adapters/payments/local-checkout-repository.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { requestAddress, requestOrigin } from '../../http/canonical-origin.ts';
import { describedSchema } from '../../http/api-components.ts';
import { answers, htmlPage } from '../../http/route-schemas.ts';
import type { PaymentsService } from './payments-service.ts';

const SessionIdSchema = z.string().min(1).max(255);
const tags = ['dev'];
const SCHEMAS = {
  page: {
    summary: "Development only: the local test checkout's page, with Pay and Cancel while it is open",
    tags,
    params: z.object({ id: SessionIdSchema }),
    response: answers({ 200: htmlPage('The checkout: its amount and buttons, or that it is paid or closed') }, [404]),
  },
  press: {
    summary: "Development only: a button of the test checkout's page (a form post from that page only)",
    tags,
    params: z.object({ id: SessionIdSchema, outcome: z.enum(['pay', 'cancel']) }),
    response: answers(
      {
        303: describedSchema(z.null(), "To the checkout's success URL (pay) or its cancel URL (cancel)"),
        409: htmlPage('The checkout is closed: nothing was paid'),
      },
      [403, 404],
    ),
  },
};

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

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/_dev/checkout/:id', { schema: SCHEMAS.page }, async (request, reply) => {
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
    return sendPage(reply as FastifyReply, 200, session, body);
  });

  // Before the params are read: another site's post is a 403 whatever it names.
  const refuseOtherSites = async (request: FastifyRequest) => {
    if (!isSameSite(request)) throw new AppError(403, 'FORBIDDEN', 'This checkout accepts its own page only.');
  };
  api.post(
    '/_dev/checkout/:id/:outcome',
    { schema: SCHEMAS.press, preValidation: refuseOtherSites },
    async (request, typed) => {
      const { id, outcome } = request.params;
      const reply = typed as FastifyReply;
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
    },
  );
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
