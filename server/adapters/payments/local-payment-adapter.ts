import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import type { PaymentAdapter } from './payment-adapter.ts';
import {
  closeLocalSession,
  findLocalSession,
  insertLocalSession,
  markLocalSessionRefunded,
} from './local-checkout-repository.ts';

/**
 * The default when no Stripe key is set: a checkout page of our own at /_dev/checkout/{id} with
 * Pay and Cancel buttons. Its buttons drive the same completion path a Stripe webhook does.
 */
export function createLocalPaymentAdapter(db: Queryable, publicUrl: string): PaymentAdapter {
  const checkoutUrl = (id: string) => `${publicUrl}/_dev/checkout/${encodeURIComponent(id)}`;
  return {
    provider: 'local',
    publishableKey: null,
    async createCheckoutSession(request) {
      const id = `cs_local_${randomBytes(18).toString('base64url')}`;
      await insertLocalSession(db, {
        id,
        appointmentId: request.appointmentId,
        amountCents: request.amountCents,
        description: request.description,
        successUrl: request.successUrl.replace('{CHECKOUT_SESSION_ID}', id),
        cancelUrl: request.cancelUrl.replace('{CHECKOUT_SESSION_ID}', id),
        expiresAt: request.expiresAt,
      });
      return { id, url: checkoutUrl(id) };
    },
    async retrieveSession(sessionId) {
      const session = await findLocalSession(db, sessionId);
      if (!session) throw new Error(`No local checkout session ${sessionId}`);
      return {
        id: session.id,
        status: session.status,
        paymentStatus: session.payment_status,
        amountCents: session.amount_cents,
        appointmentId: session.appointment_id,
        paymentIntentId: null,
        url: session.status === 'open' ? checkoutUrl(session.id) : null,
      };
    },
    async expireSession(sessionId) {
      await closeLocalSession(db, sessionId, 'expired');
    },
    async refund(session) {
      await markLocalSessionRefunded(db, session.id);
    },
  };
}
