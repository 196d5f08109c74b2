import { isIP } from 'node:net';
import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => ['true', '1', 'on', 'yes'].includes(value));

/**
 * TRUST_PROXY: which peers are proxies whose X-Forwarded-For entry is believed. Walking from the
 * socket leftwards, the first address that is not a trusted proxy is the client, so an address a
 * client prepends is never reached. `true` trusts loopback and private networks, where a load
 * balancer sits; a list names the proxies exactly. "Trust every hop" is not offered: the client
 * could then choose its own address, and with it its own rate-limit key.
 */
const PROXY_NETWORKS = ['loopback', 'linklocal', 'uniquelocal'];
function parseTrustedProxies(value: string): string | false | undefined {
  const lower = value.trim().toLowerCase();
  if (['false', '0', 'off', 'no', ''].includes(lower)) return false;
  if (['true', '1', 'on', 'yes'].includes(lower)) return PROXY_NETWORKS.join(',');
  const entries = lower.split(',').map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    if (PROXY_NETWORKS.includes(entry)) return true;
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address ?? '');
    if (family === 0 || rest.length > 0) return false;
    return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
  });
  return valid ? entries.join(',') : undefined;
}

const EnvSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { message: 'must be development, production or test' })
    .default('development'),
  PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DATABASE_PREPARED_STATEMENTS: flag.default(true),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: z.url({ message: 'must be an absolute URL such as https://book.example.com' }).optional(),
  DEV_TOOLS: flag.optional(),
  TRUST_PROXY: z
    .string()
    .transform((value, ctx) => {
      const trusted = parseTrustedProxies(value);
      if (trusted === undefined) {
        ctx.addIssue({
          code: 'custom',
          message:
            'must be true, false, or a comma-separated list of proxy addresses or CIDR ranges such as 10.0.0.0/8',
        });
        return z.NEVER;
      }
      return trusted;
    })
    .default(false),
  ADMIN_API_KEY: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  ALLOW_LOCAL_ADAPTERS: flag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_MULTIPLIER: z.coerce.number({ message: 'must be a number' }).positive().default(1),
  ALTCHA_HMAC_KEY: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  ALTCHA_MAX_NUMBER: z.coerce
    .number({ message: 'must be a whole number' })
    .int()
    .min(10)
    .max(10_000_000)
    .default(50_000),
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      message: 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587',
    })
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(/^([^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, {
      message: 'must be an address, optionally with a name: Chairtime <no-reply@example.com>',
    })
    .default('Chairtime <no-reply@localhost>'),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, { message: 'must be AC followed by 32 hex digits' })
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  TWILIO_API_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http(s) URL such as https://api.twilio.com' })
    .optional(),
  TWILIO_FROM: z
    .string()
    .regex(/^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/, {
      message: 'must be an E.164 number such as +12125550100 or a Messaging Service SID (MG…)',
    })
    .optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, { message: 'must be a Stripe secret key (sk_test_… or sk_live_…)' })
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, { message: 'must be a Stripe publishable key (pk_…)' })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, { message: 'must be a Stripe webhook signing secret (whsec_…)' })
    .optional(),
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http(s) URL such as https://api.stripe.com' })
    .optional(),
  OPENDENTAL_API_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http(s) URL such as https://api.opendental.com/api/v1' })
    .default('https://api.opendental.com/api/v1'),
  OPENDENTAL_DEVELOPER_KEY: z
    .string()
    .regex(/^\S+$/, { message: 'must be the developer key from the Open Dental developer portal (no spaces)' })
    .optional(),
  OPENDENTAL_REQUESTS_PER_SECOND: z.coerce
    .number({ message: 'must be a number' })
    .positive({ message: 'must be greater than 0' })
    .max(100)
    .default(1),
});

const TWILIO_VARIABLES = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Statements prepared once per PostgreSQL connection (ADR 0087); off for a pooler that cannot keep them. */
  databasePreparedStatements: boolean;
  dataDir: string;
  publicUrl: string;
  devTools: boolean;
  /** The proxies whose X-Forwarded-For is believed (proxy-addr syntax); false: the socket address is the client. */
  trustProxy: string | false;
  adminApiKey: string | undefined;
  logLevel: string;
  rateLimitMultiplier: number;
  /** Unset: generated once and kept in the database, shared by every process. */
  altchaHmacKey: string | undefined;
  /** Proof-of-work difficulty: the browser tries up to this many numbers (about 0.1 s at 50 000). */
  altchaMaxNumber: number;
  /** Unset: e-mail goes to the outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Unset: SMS goes to the outbox. `apiUrl` unset: https://api.twilio.com. */
  twilio: { accountSid: string; authToken: string; from: string; apiUrl?: string } | undefined;
  /** Unset: the local test checkout at /_dev/checkout. `apiUrl` unset: https://api.stripe.com. */
  stripe: { secretKey: string; publishableKey: string | null; webhookSecret: string; apiUrl?: string } | undefined;
  /**
   * What this deployment can offer its practices (ADR 0029). Texts: Twilio, or the outbox where
   * local adapters are allowed (not production, or ALLOW_LOCAL_ADAPTERS=true). Card payments:
   * Stripe, or the local test checkout under the same rule.
   */
  offers: { texts: boolean; payments: boolean };
  /** Without a developer key, practices on Open Dental answer "connector not running" (ADR 0015). */
  openDental: {
    apiUrl: string;
    developerKey: string | undefined;
    requestsPerSecond: number;
    /** Not read from the environment: tests shorten a booking's re-check (default 10 s, ADR 0071). */
    recheckTimeoutMs?: number;
    /** Not read from the environment: the mirror's cadence (ADR 0071); tests shorten it, the bench moves its clock. */
    mirror?: { nearEveryMs?: number; farEveryMs?: number; tickMs?: number; cadenceNow?: () => number };
  };
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses the environment once at start; every bad variable is listed, by name. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset, so `FOO= npm start` behaves like leaving FOO out.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  // Twilio needs all three settings; a partial set is a mistake, not a wish for the outbox.
  const missingTwilio = TWILIO_VARIABLES.filter((name) => !e[name]);
  if (missingTwilio.length > 0 && missingTwilio.length < TWILIO_VARIABLES.length) {
    throw new ConfigError(
      missingTwilio.map((name) => `${name}: required when any of ${TWILIO_VARIABLES.join(', ')} is set`),
    );
  }
  const isProduction = e.NODE_ENV === 'production';
  const localAdaptersAllowed = !isProduction || e.ALLOW_LOCAL_ADAPTERS;
  // Without the webhook secret a paid booking would depend on the patient coming back.
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET)
    throw new ConfigError(['STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set']);
  const twilio: Config['twilio'] =
    e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
      ? {
          accountSid: e.TWILIO_ACCOUNT_SID,
          authToken: e.TWILIO_AUTH_TOKEN,
          from: e.TWILIO_FROM,
          ...(e.TWILIO_API_URL ? { apiUrl: e.TWILIO_API_URL } : {}),
        }
      : undefined;
  const stripe: Config['stripe'] =
    e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? null,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          ...(e.STRIPE_API_URL ? { apiUrl: e.STRIPE_API_URL } : {}),
        }
      : undefined;
  const config: Config = {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    databaseUrl: e.DATABASE_URL,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    dataDir: e.DATA_DIR,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    devTools: e.DEV_TOOLS ?? !isProduction,
    trustProxy: e.TRUST_PROXY,
    adminApiKey: e.ADMIN_API_KEY,
    logLevel: e.LOG_LEVEL,
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    altchaHmacKey: e.ALTCHA_HMAC_KEY,
    altchaMaxNumber: e.ALTCHA_MAX_NUMBER,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    twilio,
    stripe,
    offers: { texts: Boolean(twilio) || localAdaptersAllowed, payments: Boolean(stripe) || localAdaptersAllowed },
    openDental: {
      apiUrl: e.OPENDENTAL_API_URL,
      developerKey: e.OPENDENTAL_DEVELOPER_KEY,
      requestsPerSecond: e.OPENDENTAL_REQUESTS_PER_SECOND,
    },
  };
  if (!localAdaptersAllowed) {
    // Production must not quietly keep patients' messages in a local outbox. E-mail is the one
    // channel every practice needs; without Twilio or Stripe, practices simply offer no texts or
    // no payments (ADR 0029).
    const problems = [
      ...(config.devTools ? ['DEV_TOOLS: must be off in production (set ALLOW_LOCAL_ADAPTERS=true to override)'] : []),
      ...(config.smtpUrl
        ? []
        : ['SMTP_URL: required in production (or set ALLOW_LOCAL_ADAPTERS=true to keep mail in the outbox)']),
    ];
    if (problems.length > 0) throw new ConfigError(problems);
  }
  return config;
}
