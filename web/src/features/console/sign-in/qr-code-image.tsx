import { qrModules } from '../../../lib/qr-code.ts';

/**
 * The set-up link as a QR code for the authenticator app to scan, drawn here as SVG (ADR 0067): no
 * third-party service ever sees the secret. Its own chunk, fetched only on the set-up page.
 */
export function QrCodeImage({ text }: { text: string }) {
  const modules = drawable(text);
  // Beyond version 10 the key and the link below still set the app up.
  if (!modules) return null;
  const quiet = 4;
  const size = modules.length + quiet * 2;
  // One path of unit squares, one per dark module, inside the four-module quiet zone the standard asks for.
  const path = modules
    .flatMap((row, y) => row.map((isDark, x) => (isDark ? `M${x + quiet} ${y + quiet}h1v1h-1z` : '')))
    .join('');
  return (
    <svg
      role="img"
      aria-label="QR code of the set-up link: scan it with the authenticator app"
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className="mx-auto h-48 w-48 bg-white"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

function drawable(text: string): boolean[][] | null {
  try {
    return qrModules(text);
  } catch {
    return null;
  }
}
