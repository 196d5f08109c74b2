import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { developmentMarkersIn } from './built-files.ts';
import { expect, test } from './fixtures.ts';

/**
 * No server secret reaches the browser: neither the build served to the other specs nor a build
 * made with every secret setting filled with a recognisable value contains a secret's name, its
 * value, or the shape of a secret key. (The publishable Stripe key, pk_…, is public by design.)
 */
const SECRET_NAMES = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'ADMIN_API_KEY',
  'ALTCHA_HMAC_KEY',
  'TWILIO_AUTH_TOKEN',
  'TWILIO_ACCOUNT_SID',
  'SMTP_URL',
  'DATABASE_URL',
  'OPENDENTAL_DEVELOPER_KEY',
  'altcha_hmac_key',
  'otp_hmac_key',
  'verification_token_key',
];
const SECRET_SHAPES = [
  /\b(sk|rk)_(live|test)_\w/,
  /\bwhsec_\w/,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
  /\bAC[0-9a-f]{32}\b/,
];
const CANARIES: Record<string, string> = {
  STRIPE_SECRET_KEY: 'sk_test_canarySecretKey51Xyz',
  STRIPE_WEBHOOK_SECRET: 'whsec_canaryWebhookSecret',
  ADMIN_API_KEY: 'canary-admin-api-key-0123456789',
  ALTCHA_HMAC_KEY: 'canary-altcha-hmac-key-0123456789abcdef',
  TWILIO_ACCOUNT_SID: `AC${'c0ffee00'.repeat(4)}`,
  TWILIO_AUTH_TOKEN: 'canary-twilio-auth-token-0123',
  SMTP_URL: 'smtp://mailer:canary-smtp-password@mail.example.com:587',
  DATABASE_URL: 'postgres://app:canary-db-password@db.example.com:5432/chairtime',
  OPENDENTAL_DEVELOPER_KEY: 'canary-opendental-developer-key',
};

function builtText(dir: string): { file: string; text: string }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
    .map((entry) => ({
      file: join(entry.parentPath, entry.name),
      text: readFileSync(join(entry.parentPath, entry.name), 'latin1'),
    }));
}

function leaks(files: { file: string; text: string }[], values: string[]): string[] {
  const found: string[] = [];
  for (const { file, text } of files) {
    for (const name of [...SECRET_NAMES, ...values]) if (text.includes(name)) found.push(`${file}: ${name}`);
    for (const shape of SECRET_SHAPES) if (shape.test(text)) found.push(`${file}: ${shape}`);
  }
  return found;
}

test('the served build holds no secret name, value or key shape', () => {
  const files = builtText('dist/web');
  expect(files.filter((f) => f.file.endsWith('.js')).length).toBeGreaterThan(0);
  const ownSecrets = Object.keys(CANARIES)
    .map((name) => process.env[name])
    .filter((value): value is string => Boolean(value));
  expect(leaks(files, ownSecrets)).toEqual([]);
});

// One build for two properties (a build costs half a minute of CI): made in a shell with
// NODE_ENV=development and every secret setting, it is still React's production build, and holds none of them.
test('a build with NODE_ENV=development and every secret set is a production build holding none of them', async () => {
  test.setTimeout(180_000);
  const outDir = mkdtempSync(join(tmpdir(), 'secrets-build-'));
  const shell = { ...CANARIES, NODE_ENV: 'development' };
  const saved = Object.fromEntries(Object.keys(shell).map((name) => [name, process.env[name]]));
  Object.assign(process.env, shell);
  try {
    await build({ configFile: 'vite.config.ts', logLevel: 'silent', build: { outDir, emptyOutDir: true } });
    const files = builtText(outDir);
    expect(files.filter((f) => f.file.endsWith('.js')).length).toBeGreaterThan(0);
    expect(leaks(files, Object.values(CANARIES))).toEqual([]);
    expect(developmentMarkersIn(outDir)).toEqual([]);
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    rmSync(outDir, { recursive: true, force: true });
  }
});
