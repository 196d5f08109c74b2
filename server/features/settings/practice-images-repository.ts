import type { ImagePurpose, ImageType } from '#domain/practice/practice-images.ts';
import { firstRow, type Queryable } from '../../db/database.ts';

export interface NewPracticeImage {
  practiceId: string;
  purpose: ImagePurpose;
  type: ImageType;
  width: number;
  height: number;
  bytes: Uint8Array;
  at: Date;
  by: string | null;
}

export interface StoredImage {
  content_type: ImageType;
  bytes: Buffer;
}

/**
 * Images travel as base64 in and out of SQL: the embedded database and node-postgres hand bytea back as
 * different types, and text is the same on both (ADR 0084).
 */
export async function insertPracticeImage(db: Queryable, image: NewPracticeImage): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `insert into practice_images (practice_id, purpose, content_type, width, height, bytes, created_at, created_by)
     values ($1, $2, $3, $4, $5, decode($6, 'base64'), $7, $8) returning id`,
    [
      image.practiceId,
      image.purpose,
      image.type,
      image.width,
      image.height,
      Buffer.from(image.bytes).toString('base64'),
      image.at.toISOString(),
      image.by,
    ],
  );
  return row!.id;
}

/** The image of that practice with that id and type, or null. */
export async function findPracticeImage(
  db: Queryable,
  practiceId: string,
  imageId: string,
  type: ImageType,
): Promise<StoredImage | null> {
  const row = await firstRow<{ content_type: ImageType; data: string }>(
    db,
    `select content_type, encode(bytes, 'base64') as data from practice_images
      where practice_id = $1 and id = $2 and content_type = $3`,
    [practiceId, imageId, type],
  );
  return row && { content_type: row.content_type, bytes: Buffer.from(row.data, 'base64') };
}
