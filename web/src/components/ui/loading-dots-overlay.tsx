import { DEFAULT_BRAND_COLOR } from '../../lib/contrast.ts';
import { useMessages } from '../../lib/i18n/use-messages.ts';
import * as messages from './loading-dots-overlay.messages.ts';

interface LoadingDotsOverlayProps {
  /** The practice's brand colour (spec section 2: default dark slate). */
  color?: string;
  label?: string;
}

const DOT_DELAYS_MS = [0, 150, 300];

/** Spec section 2: three pulsing dots over the page while the flow auto-advances. */
export function LoadingDotsOverlay({ color = DEFAULT_BRAND_COLOR, label }: LoadingDotsOverlayProps) {
  const t = useMessages(messages);
  return (
    <div
      role="status"
      aria-label={label ?? t('loading')}
      className="fixed inset-0 z-50 flex items-center justify-center gap-2 bg-white/70"
    >
      {DOT_DELAYS_MS.map((delay) => (
        <span
          key={delay}
          aria-hidden="true"
          className="size-3 animate-pulse rounded-full motion-reduce:animate-none"
          style={{ backgroundColor: color, animationDelay: `${delay}ms` }}
        />
      ))}
    </div>
  );
}
