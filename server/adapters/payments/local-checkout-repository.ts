import type { Queryable } from '../../db/database.ts';

export interface LocalSessionRow {
  id: string;
  appointment_id: string;
  amount_cents: number;
  description: string;
  success_url: string;
  cancel_url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  refunded: boolean;
  expires_at: Date;
}

export async function insertLocalSession(
  db: Queryable,
  s: {
    id: string;
    appointmentId: string;
    amountCents: number;
    description: string;
    successUrl: string;
    cancelUrl: string;
    expiresAt: Date;
  },
): Promise<void> {
  await db.query(
    `insert into local_checkout_sessions (id, appointment_id, amount_cents, description, success_url, cancel_url,
      expires_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [s.id, s.appointmentId, s.amountCents, s.description, s.successUrl, s.cancelUrl, s.expiresAt.toISOString()],
  );
}

export async function findLocalSession(db: Queryable, id: string): Promise<LocalSessionRow | null> {
  const [row] = await db.query<LocalSessionRow>('select * from local_checkout_sessions where id = $1', [id]);
  return row ?? null;
}

/** Pay or cancel an open session; false when it was no longer open. */
export async function closeLocalSession(db: Queryable, id: string, outcome: 'paid' | 'expired'): Promise<boolean> {
  const rows = await db.query(
    `update local_checkout_sessions set status = $2, payment_status = $3 where id = $1 and status = 'open'
      returning id`,
    [id, outcome === 'paid' ? 'complete' : 'expired', outcome === 'paid' ? 'paid' : 'unpaid'],
  );
  return rows.length === 1;
}

export async function markLocalSessionRefunded(db: Queryable, id: string): Promise<void> {
  await db.query('update local_checkout_sessions set refunded = true where id = $1', [id]);
}
