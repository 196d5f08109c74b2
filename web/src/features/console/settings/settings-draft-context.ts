import { createContext, useContext } from 'react';
import type { SettingsDocument, SettingsPath } from './settings-document.ts';

/** What every section reads and writes: the one draft of the whole document (ADR 0083), and its problems. */
export interface SettingsDraft {
  draft: SettingsDocument;
  change: (path: SettingsPath, value: unknown) => void;
  /** The whole document at once, for adding or removing a list's row. */
  replace: (next: (draft: SettingsDocument) => SettingsDocument) => void;
  /** The server's 422 `fields` (and the contrast check's), keyed by JSON path. */
  problems: Record<string, string>;
}

export const SettingsDraftContext = createContext<SettingsDraft | null>(null);

export function useSettingsDraft(): SettingsDraft {
  const draft = useContext(SettingsDraftContext);
  if (!draft) throw new Error('useSettingsDraft outside the settings page');
  return draft;
}

/**
 * Whether the section's fields are Open Dental's (hours, providers, chairs): shown as text, without inputs,
 * because Open Dental would overwrite them at its next refresh (ADR 0083).
 */
export const ReadOnlyContext = createContext(false);
