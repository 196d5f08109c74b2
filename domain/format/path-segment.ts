/** A path segment decoded, or as it came when its percent-encoding is broken (a router never throws on an address). */
export function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
