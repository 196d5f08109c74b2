import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ErrorNote, StatusNote } from '../shared/console-notes.tsx';
import { useStaffSession } from '../staff-session-context.ts';
import { settingsQuery } from './settings-api.ts';
import { withValueAt, type SettingsDocument } from './settings-document.ts';
import { SettingsDraftContext } from './settings-draft-context.ts';
import { SettingsSaveBar } from './settings-save-bar.tsx';
import { contrastProblems } from './sections/branding-contrast.ts';
import { BrandingSection } from './sections/branding-section.tsx';
import { ClinicSection } from './sections/clinic-section.tsx';
import { ClosuresSection } from './sections/closures-section.tsx';
import { HistorySection } from './sections/history-section.tsx';
import { HoursSection } from './sections/hours-section.tsx';
import { PoliciesSection } from './sections/policies-section.tsx';
import { PreviewSection } from './sections/preview-section.tsx';
import { ProvidersSection } from './sections/providers-section.tsx';
import { ReasonsSection } from './sections/reasons-section.tsx';
import { TimeOffSection } from './sections/time-off-section.tsx';

/**
 * `/console/settings` (ADR 0083): the practice's settings as one document, loaded with its version, edited in
 * sections and saved whole. Owners see every section; the front desk only closures and time off (ADR 0079).
 */
export function SettingsPage() {
  const session = useStaffSession();
  const settings = useQuery(settingsQuery(session.practice.id));
  const [savedVersion, setSavedVersion] = useState<number | null>(null);
  return (
    <main className="flex max-w-5xl flex-col gap-4 px-4 py-3">
      <h1 className="text-xl font-semibold">Settings</h1>
      {settings.isPending && <p role="status">Loading the settings…</p>}
      {settings.isError && <ErrorNote>{settings.error.message}</ErrorNote>}
      {savedVersion !== null && <StatusNote>Saved as version {savedVersion}. Patients see it at once.</StatusNote>}
      {settings.data && (
        // A new version is a fresh draft: what the server stored, not what was typed before it normalised it.
        <SettingsEditor
          key={settings.data.version}
          version={settings.data.version}
          loaded={settings.data.practice}
          onSaved={setSavedVersion}
        />
      )}
    </main>
  );
}

interface SettingsEditorProps {
  version: number;
  loaded: SettingsDocument;
  onSaved: (version: number) => void;
}

function SettingsEditor({ version, loaded, onSaved }: SettingsEditorProps) {
  const session = useStaffSession();
  const isOwner = session.permissions.includes('settings');
  const isOpenDental = loaded.pms?.type === 'opendental';
  const [draft, setDraft] = useState(loaded);
  const [serverProblems, setServerProblems] = useState<Record<string, string>>({});
  const problems = { ...serverProblems, ...(isOwner ? contrastProblems(draft) : {}) };
  const { ref: editorRef, focusFirstProblem } = useFirstProblemFocus();
  const context = {
    draft,
    problems,
    change: (path: readonly (string | number)[], value: unknown) => setDraft((d) => withValueAt(d, path, value)),
    replace: (next: (d: SettingsDocument) => SettingsDocument) => setDraft(next),
  };
  const showProblems = (next: Record<string, string>) => {
    setServerProblems(next);
    focusFirstProblem();
  };

  return (
    <SettingsDraftContext.Provider value={context}>
      <div ref={editorRef} className="flex flex-col gap-4">
        {isOwner && <HoursSection isOpenDental={isOpenDental} />}
        <ClosuresSection />
        <TimeOffSection />
        {isOwner && (
          <>
            <ReasonsSection />
            <ProvidersSection isOpenDental={isOpenDental} />
            <ClinicSection />
            <BrandingSection />
            <PoliciesSection />
          </>
        )}
        <PreviewSection draft={draft} />
        <SettingsSaveBar
          version={version}
          draft={draft}
          blockers={isOwner ? contrastProblems(draft) : {}}
          problems={problems}
          onProblems={showProblems}
          onSaved={onSaved}
        />
        {isOwner && <HistorySection />}
      </div>
    </SettingsDraftContext.Provider>
  );
}

/** After problems are shown, the focus goes to the first marked control, so a keyboard user starts there. */
function useFirstProblemFocus() {
  const ref = useRef<HTMLDivElement>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked > 0) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [asked]);
  return { ref, focusFirstProblem: () => setAsked((n) => n + 1) };
}
