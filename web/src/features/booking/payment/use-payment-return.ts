import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formDetailsQuery } from '../../../lib/practice-form-queries.ts';
import { forgetFinishedBooking, resolvePaymentReturn, type PaymentReturn } from './payment-return.ts';
import { postPaidBooking } from './payments-api.ts';

/** Runs the payment-return lookup for this page's session id once, and clears the booking once it is booked. */
export function usePaymentReturn(formUrl: string, sessionId: string | null): PaymentReturn {
  const queryClient = useQueryClient();
  const [state, setState] = useState<PaymentReturn>({ kind: 'checking' });
  // The paid booking sent on return is a write like any other: a mutation of the page's client.
  const { mutateAsync: bookPaid } = useMutation({ mutationFn: postPaidBooking });

  useEffect(() => {
    const controller = new AbortController();
    const practiceIdOf = async (slug: string) => (await queryClient.fetchQuery(formDetailsQuery(slug, null))).id;
    resolvePaymentReturn({ formUrl, sessionId, practiceIdOf, bookPaid, signal: controller.signal }).then(
      (outcome) => {
        if (controller.signal.aborted) return;
        if (outcome.kind === 'checked' && outcome.isBooked) forgetFinishedBooking();
        setState(outcome);
      },
      () => {
        // Aborted: this page is gone or is checking again.
      },
    );
    return () => controller.abort();
  }, [formUrl, sessionId, queryClient, bookPaid]);

  return state;
}
