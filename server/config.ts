import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => ['true', '1', 'on', 'yes'].includes(value));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { message: 'must be development, production or test' }).default('development'),
  PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: z.url({ message: 'must be an absolute URL such as https://book.example.com' }).optional(),
  DEV_TOOLS: flag.optional(),
  TRUST_PROXY: flag.default(false),
  ADMIN_API_KEY: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  ALLOW_LOCAL_ADAPTERS: flag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_MULTIPLIER: z.coerce.number({ message: 'must be a number' }).positive().default(1),
  ALTCHA_HMAC_KEY: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  ALTCHA_MAX_NUMBER: z.coerce.number({ message: 'must be a whole number' }).int().min(10).max(10_000_000).default(50_000),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string;
  devTools: boolean;
  trustProxy: boolean;
  adminApiKey: string | undefined;
  logLevel: string;
  rateLimitMultiplier: number;
  /** Unset: generated once and kept in the database, shared by every process. */
  altchaHmacKey: string | undefined;
  /** Proof-of-work difficulty: the browser tries up to this many numbers (about 0.1 s at 50 000). */
  altchaMaxNumber: number;
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
  const isProduction = e.NODE_ENV === 'production';
  const config: Config = {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    devTools: e.DEV_TOOLS ?? !isProduction,
    trustProxy: e.TRUST_PROXY,
    adminApiKey: e.ADMIN_API_KEY,
    logLevel: e.LOG_LEVEL,
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    altchaHmacKey: e.ALTCHA_HMAC_KEY,
    altchaMaxNumber: e.ALTCHA_MAX_NUMBER,
  };
  if (isProduction && config.devTools && !e.ALLOW_LOCAL_ADAPTERS) {
    throw new ConfigError(['DEV_TOOLS: must be off in production (set ALLOW_LOCAL_ADAPTERS=true to override)']);
  }
  return config;
}
