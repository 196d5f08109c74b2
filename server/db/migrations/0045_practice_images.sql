-- A practice's uploaded images (ADR 0084): a provider's photo and its logo, stored with the practice's data so
-- that every process serves them, never changed (a new upload is a new row and a new URL).
create table practice_images (
  id uuid primary key default gen_random_uuid(),
  practice_id uuid not null references practices (id) on delete cascade,
  purpose text not null check (purpose in ('provider_photo', 'logo')),
  content_type text not null check (content_type in ('image/png', 'image/jpeg', 'image/webp')),
  width integer not null check (width between 1 and 1024),
  height integer not null check (height between 1 and 1024),
  bytes bytea not null check (octet_length(bytes) between 1 and 204800),
  created_at timestamptz not null,
  created_by uuid
);
create index practice_images_practice_idx on practice_images (practice_id);
