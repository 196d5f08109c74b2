import { truncate } from '#domain/format/address-format.ts';

/**
 * Text cut to `max` characters with an ellipsis (spec section 9). Screen readers get the whole
 * text; sighted users get it from the tooltip the caller wraps around (see Tooltipped).
 */
export function TruncatedText({ text, max }: { text: string; max: number }) {
  const cut = truncate(text, max);
  if (!cut.isTruncated) return <>{text}</>;
  return (
    <>
      <span aria-hidden="true">{cut.text}</span>
      <span className="sr-only">{text}</span>
    </>
  );
}

/** The tooltip text for a value cut at `max`, or null when it fits. */
export function tooltipFor(text: string, max: number): string | null {
  return truncate(text, max).isTruncated ? text : null;
}
