-- A practice's own texts in other languages (ADR 0034): beside each owner, as the practice file
-- gives them, { "es": { "description": "…" } }. Empty: every text in English. Which fields may be
-- translated is the config schema's business (domain/practice/practice-translations.ts).
alter table practices add column translations jsonb not null default '{}' check (jsonb_typeof(translations) = 'object');
alter table clinics add column translations jsonb not null default '{}' check (jsonb_typeof(translations) = 'object');
alter table reasons_for_visit add column translations jsonb not null default '{}' check (jsonb_typeof(translations) = 'object');
