import type { Language } from '#domain/i18n/languages.ts';
import type { MessageParams } from '#domain/i18n/message-catalog.ts';
import { currentLanguage, setLanguageNow } from './language-state.ts';

/** A catalogue as the browser has it (after `scripts/compile-messages-plugin.ts`). */
export type CompiledMessages = Readonly<Record<string, (params?: MessageParams) => string>>;
type Loaders = Readonly<Partial<Record<Language, () => Promise<CompiledMessages>>>>;
/** A loaded translation, or its load in flight; the fields let React's `use` read it without suspending again. */
type Pending = Promise<CompiledMessages> & { status?: 'fulfilled'; value?: CompiledMessages };

const catalogues = new Map<CompiledMessages, { loaders: Loaders; loaded: Map<Language, Pending> }>();

/**
 * Called by every compiled catalogue as its chunk is evaluated (the plugin adds the call), so a
 * Spanish page starts fetching a step's Spanish messages while the step's own script arrives.
 */
export function registerCatalogue(en: CompiledMessages, loaders: Loaders): void {
  if (catalogues.has(en)) return;
  catalogues.set(en, { loaders, loaded: new Map() });
  if (currentLanguage() !== 'en') void translationOf(en, currentLanguage());
}

/** The messages of a catalogue in a language: English at once, another language once loaded. */
export function translationOf(en: CompiledMessages, language: Language): CompiledMessages | Pending {
  if (language === 'en') return en;
  const entry = catalogues.get(en);
  const load = entry?.loaders[language];
  if (!entry || !load) return en;
  let pending = entry.loaded.get(language);
  if (!pending) {
    pending = load() as Pending;
    pending.then(
      (value) => Object.assign(pending as Pending, { status: 'fulfilled', value }),
      // A failed load is tried again next time rather than remembered.
      () => entry.loaded.delete(language),
    );
    entry.loaded.set(language, pending);
  }
  return pending.status === 'fulfilled' && pending.value ? pending.value : pending;
}

/**
 * Resolves once every catalogue registered so far has its messages in the current language. A
 * chunk's components wait for it before they count as loaded (preloadable-lazy.tsx, the router,
 * the first render), so a component never suspends mid-render on its messages: React 19 replays
 * such a component after the load, and a replay whose `use()` calls differ from the suspended
 * attempt's fails with React errors 467 and 520 (seen on a reload in Spanish).
 */
export async function currentTranslationsReady(): Promise<void> {
  const language = currentLanguage();
  if (language === 'en') return;
  await Promise.all([...catalogues.keys()].map((en) => translationOf(en, language))).catch(() => undefined);
}

/** `import()` of a chunk whose components may render only once its messages are loaded. */
export function withMessages<M>(load: () => Promise<M>): () => Promise<M> {
  return async () => {
    const module = await load();
    await currentTranslationsReady();
    return module;
  };
}

/**
 * Switches language once every catalogue on the page has its messages in it, so nothing on the
 * screen suspends, unmounts or loses what the patient typed.
 */
export async function changeLanguage(language: Language): Promise<void> {
  await Promise.all([...catalogues.keys()].map((en) => translationOf(en, language)));
  setLanguageNow(language);
}

/**
 * On the server (ADR 0072): every registered catalogue's messages in every language, loaded once
 * at start, so a server render never suspends on a translation.
 */
export async function loadEveryTranslation(languages: readonly Language[]): Promise<void> {
  await Promise.all([...catalogues.keys()].flatMap((en) => languages.map((language) => translationOf(en, language))));
}
