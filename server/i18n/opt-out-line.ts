import type { Language } from '#domain/i18n/languages.ts';
import { translator } from './translate.ts';
import * as messages from './opt-out-line.messages.ts';

const t = translator(messages);

/** A program text with the opt-out line carriers expect at its end (ADR 0062); one-time codes go without. */
export const withOptOutLine = (language: Language, text: string) => `${text}\n${t(language, 'optOut')}`;
