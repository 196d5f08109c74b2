import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { CancelReason, ManagedAppointment } from '#domain/booking/manage-schemas.ts';
import { useLanguage, useMessages } from '../../../lib/i18n/use-messages.ts';
import { cancelAppointment, confirmAppointment, MANAGE_QUERY_ROOT, startManagedCheckout } from './manage-api.ts';
import * as messages from './manage-page.messages.ts';

/**
 * The manage card's writes (ADR 0036): cancel, pay and confirm through `useMutation`, which of the
 * card's modes shows, and the sentence announced after a change.
 */
export function useManageCard(token: string) {
  const t = useMessages(messages);
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'view' | 'reschedule' | 'cancel'>('view');
  const [announcement, setAnnouncement] = useState<string | null>(null);
  const cancelButton = useRef<HTMLElement | null>(null);

  const show = (changed: ManagedAppointment, said: string) => {
    queryClient.setQueryData([MANAGE_QUERY_ROOT, token, language], changed);
    setAnnouncement(said);
    setMode('view');
  };
  const cancel = useMutation({
    mutationFn: (reason: CancelReason | null) => cancelAppointment(token, { reason }),
    onSuccess: (changed) => show(changed, t('cancelled')),
  });
  const pay = useMutation({
    mutationFn: () => startManagedCheckout(token),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  const confirm = useMutation({
    mutationFn: () => confirmAppointment(token),
    onSuccess: (changed) => show(changed, t('confirmed')),
  });

  const closeDialog = () => {
    setMode('view');
    cancel.reset();
    cancelButton.current?.focus();
  };
  const startReschedule = () => {
    setAnnouncement(null);
    setMode('reschedule');
  };
  const startCancel = () => {
    cancelButton.current = document.activeElement as HTMLElement | null;
    setAnnouncement(null);
    setMode('cancel');
  };
  return { mode, setMode, announcement, show, cancel, pay, confirm, closeDialog, startReschedule, startCancel };
}
