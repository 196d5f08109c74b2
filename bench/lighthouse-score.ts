/** The parts of a Lighthouse report a category's score is made of. */
export interface CategoryReport {
  categories: Record<string, { auditRefs: { id: string; weight: number }[] } | undefined>;
  audits: Record<string, { score: number | null } | undefined>;
}

/**
 * A category's score as Lighthouse weighs it (audits that apply, by their weights), leaving `exempt` audits out: a
 * page whose address is a key is served `noindex` on purpose (ADR 0072), so "is crawlable" is no fault of it.
 */
export function scoreWithout(lhr: CategoryReport, category: string, exempt: readonly string[]) {
  const counted = (lhr.categories[category]?.auditRefs ?? []).filter(
    (ref) => ref.weight > 0 && !exempt.includes(ref.id) && typeof lhr.audits[ref.id]?.score === 'number',
  );
  const weight = counted.reduce((sum, ref) => sum + ref.weight, 0);
  const weighted = counted.reduce((sum, ref) => sum + ref.weight * lhr.audits[ref.id]!.score!, 0);
  return {
    score: weight === 0 ? 100 : Math.round((weighted / weight) * 100),
    failures: counted.filter((ref) => lhr.audits[ref.id]!.score! < 1).map((ref) => ref.id),
  };
}
