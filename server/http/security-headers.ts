import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';

/** Allows one inline script, by the SHA-256 of its exact bytes (ADR 0085). */
export type InlineScriptAllowance = (source: string) => void;

/**
 * Scripts only from this origin (no third party), and inline only the few the server writes into pages itself,
 * each allowed by its hash (ADR 0085: the booking page's start script), never `'unsafe-inline'`: any other
 * inline script is refused. Styles allow inline because the toast and tooltip libraries inject <style>
 * elements; images may come from a practice's CDN.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { isProduction: boolean },
): Promise<InlineScriptAllowance> {
  const hashes = new Set<string>();
  // Read per response: the server allows its start script once it has read its copy of the build.
  const inlineScripts = () => [...hashes].join(' ');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", inlineScripts],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'", 'https://checkout.stripe.com'],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        ...(options.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: options.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  return (source) => {
    hashes.add(`'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`);
  };
}
