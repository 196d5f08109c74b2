import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { openDentalStatusQuery } from '../../opendental/opendental-status-api.ts';
import { useStaffSession } from '../../staff-session-context.ts';
import { requestOpenDentalRefresh } from '../settings-api.ts';

/**
 * Under a section whose values Open Dental owns (hours, providers, chairs): they are shown without inputs, because
 * the next refresh from Open Dental would overwrite a change made here (ADR 0083). One of the sections carries the
 * refresh button, so the page has it once.
 */
export function OpenDentalNote({ canRefresh = false }: { canRefresh?: boolean }) {
  const session = useStaffSession();
  return (
    <div className="flex flex-col gap-2 rounded-md border border-sky-300 bg-sky-50 p-3 text-sky-950">
      <p>Open Dental owns these: change them in Open Dental, and they show here after its next refresh.</p>
      {canRefresh && session.permissions.includes('settings') && <RefreshFromOpenDental />}
    </div>
  );
}

/**
 * "Refresh from Open Dental" (ADR 0084): the server queues a pass of the mirror and answers at once, so the button
 * says it was queued and reads the mirror's status again; the status's own polling shows the pass when it ends.
 */
function RefreshFromOpenDental() {
  const session = useStaffSession();
  const queryClient = useQueryClient();
  const statusQuery = openDentalStatusQuery(session.practice.id);
  const status = useQuery(statusQuery);
  const refresh = useMutation({
    mutationFn: () => requestOpenDentalRefresh(session.csrf_token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusQuery.queryKey }),
  });
  const lastRead = status.data?.last_refreshed_at;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        disabled={refresh.isPending}
        onClick={() => refresh.mutate()}
        className="min-h-11 rounded-md border border-sky-700 bg-white px-3 font-medium"
      >
        Refresh from Open Dental
      </button>
      {lastRead && <span>Last read from Open Dental: {new Date(lastRead).toLocaleString()}</span>}
      {refresh.isSuccess && (
        <p role="status">Refresh queued at {new Date(refresh.data.queued_at).toLocaleTimeString()}.</p>
      )}
      {refresh.error && (
        <p role="alert" className="text-red-800">
          {refresh.error.message}
        </p>
      )}
    </div>
  );
}
