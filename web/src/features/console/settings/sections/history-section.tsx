import { useMutation, useQuery } from '@tanstack/react-query';
import { ErrorNote } from '../../shared/console-notes.tsx';
import { secondaryButtonClass } from '../../shared/console-styles.ts';
import { TableHead } from '../../shared/table-head.tsx';
import { useStaffSession } from '../../staff-session-context.ts';
import { downloadSettingsExport, settingsHistoryQuery } from '../settings-api.ts';
import { SettingsSection } from '../settings-list.tsx';

const cellClass = 'border-b border-slate-200 p-2 text-left align-top break-all';

/** A value of the history as the practice file writes it; nothing at all when the path was added or removed. */
const valueText = (value: unknown) => (value === undefined ? '(none)' : JSON.stringify(value));

/** Owners: every saved change (who, when, each path before → after), and the practice file to download. */
export function HistorySection() {
  const session = useStaffSession();
  const history = useQuery(settingsHistoryQuery(session.practice.id));
  const download = useMutation({ mutationFn: () => downloadSettingsExport(session.practice.form_url) });
  const rows = (history.data ?? []).flatMap((entry) =>
    entry.changes.map((change, i) => ({ key: `${entry.at}-${i}`, entry, change })),
  );
  return (
    <SettingsSection id="settings-history" heading="Change history">
      <div>
        <button type="button" className={secondaryButtonClass} onClick={() => download.mutate()}>
          Download the practice file
        </button>
      </div>
      {download.isError && <ErrorNote>{download.error.message}</ErrorNote>}
      {history.isError && <ErrorNote>{history.error.message}</ErrorNote>}
      <table className="border-collapse bg-white">
        <caption className="text-left font-semibold">Saved changes, newest first</caption>
        <TableHead headings={['When', 'Who', 'Setting', 'Before', 'After']} />
        <tbody>
          {history.isSuccess && rows.length === 0 && (
            <tr>
              <td className={cellClass} colSpan={5}>
                No change saved from the console yet.
              </td>
            </tr>
          )}
          {rows.map(({ key, entry, change }) => (
            <tr key={key}>
              <td className={cellClass}>
                {new Date(entry.at).toLocaleString('en-US', { timeZone: session.practice.time_zone })}
              </td>
              <td className={cellClass}>{entry.by}</td>
              <td className={cellClass}>{change.path}</td>
              <td className={cellClass}>{valueText(change.before)}</td>
              <td className={cellClass}>{valueText(change.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </SettingsSection>
  );
}
