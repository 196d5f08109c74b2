import { useState } from 'react';

/**
 * The provider's photo, or a neutral placeholder when there is none (or it fails to load). Decorative:
 * the name is beside it.
 */
export function ProviderAvatar({ src, size = 64 }: { src: string | null; size?: number }) {
  const [isBroken, setIsBroken] = useState(false);
  if (src && !isBroken) {
    return (
      <img
        src={src}
        alt=""
        width={size}
        height={size}
        className="shrink-0 rounded-full object-cover"
        onError={() => setIsBroken(true)}
      />
    );
  }
  return (
    <svg
      aria-hidden="true"
      width={size}
      height={size}
      viewBox="0 0 64 64"
      className="shrink-0 rounded-full bg-slate-200 text-slate-500"
    >
      <circle cx="32" cy="24" r="12" fill="currentColor" />
      <path d="M10 58c2-12 11-18 22-18s20 6 22 18z" fill="currentColor" />
    </svg>
  );
}
