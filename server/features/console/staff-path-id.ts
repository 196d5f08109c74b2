const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The id in a staff route's path, lower-case. One that is not a uuid is as missing as another
 * practice's: `notFound`'s 404, without asking the database (which would fail on it with a 500).
 */
export function pathId(id: string, notFound: () => Error): string {
  if (!UUID.test(id)) throw notFound();
  return id.toLowerCase();
}
