import { useState } from 'react';

/** The practice's logo, or nothing once it fails to load (an outside URL may break). Key it by `src`. */
export function PracticeLogo({ src, name, className }: { src: string; name: string; className: string }) {
  const [isBroken, setIsBroken] = useState(false);
  if (isBroken) return null;
  return <img src={src} alt={name} className={className} onError={() => setIsBroken(true)} />;
}
