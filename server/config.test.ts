import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: undefined,
      databasePreparedStatements: true,
      dataDir: './data',
      publicUrl: 'http://localhost:8080',
      devTools: true,
      trustProxy: false,
      adminApiKey: undefined,
      rateLimitMultiplier: 1,
    });
  });

  it('listens on every interface and turns dev tools off in production', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://book.example.com/',
      ALLOW_LOCAL_ADAPTERS: 'true',
    });
    expect(config.host).toBe('0.0.0.0');
    expect(config.devTools).toBe(false);
    expect(config.publicUrl).toBe('https://book.example.com');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });

  it('lists every bad variable by name', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        TRUST_PROXY: 'maybe',
        ADMIN_API_KEY: 'short',
        PUBLIC_URL: 'not a url',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'TRUST_PROXY', 'ADMIN_API_KEY', 'PUBLIC_URL'])
      expect(problems).toContain(`${name}:`);
    expect(problems).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
  });

  it('turns prepared statements off for a pooler that cannot keep them', () => {
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'false' }).databasePreparedStatements).toBe(false);
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: 'sometimes' })).toThrow(
      'DATABASE_PREPARED_STATEMENTS: must be true or false',
    );
  });

  it('needs all three Twilio settings or none', () => {
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}` })).toThrow(
      'TWILIO_AUTH_TOKEN: required when any of',
    );
  });

  it('takes API bases for Stripe and Twilio (stand-ins, egress proxies) only as http(s) URLs', () => {
    const twilio = {
      TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'twilio-token-0123456789',
      TWILIO_FROM: '+12125550100',
    };
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    const config = loadConfig({
      ...twilio,
      ...stripe,
      TWILIO_API_URL: 'http://127.0.0.1:4010',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(config.twilio?.apiUrl).toBe('http://127.0.0.1:4010');
    expect(config.stripe?.apiUrl).toBe('http://127.0.0.1:12111');
    expect(loadConfig({ ...twilio, ...stripe }).stripe?.apiUrl).toBeUndefined();
    expect(() => loadConfig({ ...stripe, STRIPE_API_URL: 'ftp://x' })).toThrow(
      'STRIPE_API_URL: must be an http(s) URL',
    );
  });

  it('refuses dev tools in production unless local adapters are explicitly allowed', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_TOOLS: 'true' })).toThrow('DEV_TOOLS');
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow('SMTP_URL: required in production');
    expect(loadConfig({ NODE_ENV: 'production', DEV_TOOLS: 'true', ALLOW_LOCAL_ADAPTERS: 'true' }).devTools).toBe(true);
  });

  describe('in production, asks only for what practices use (ADR 0029)', () => {
    const smtp = { NODE_ENV: 'production', SMTP_URL: 'smtp://user:pass@mail.example.com:587' };
    const twilio = {
      TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'twilio-token-0123456789',
      TWILIO_FROM: '+12125550100',
    };
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };

    it('requires e-mail, and starts with SMTP alone: no texts, no payments', () => {
      expect(() => loadConfig({ NODE_ENV: 'production', ...twilio, ...stripe })).toThrow(
        'SMTP_URL: required in production',
      );
      const config = loadConfig(smtp);
      expect(config.offers).toEqual({ texts: false, payments: false });
      expect(config.twilio).toBeUndefined();
      expect(config.stripe).toBeUndefined();
    });

    it('offers texts with Twilio and payments with Stripe', () => {
      expect(loadConfig({ ...smtp, ...twilio }).offers).toEqual({ texts: true, payments: false });
      expect(loadConfig({ ...smtp, ...stripe }).offers).toEqual({ texts: false, payments: true });
      expect(loadConfig({ ...smtp, ...twilio, ...stripe }).offers).toEqual({ texts: true, payments: true });
    });

    it('keeps the outbox and the test checkout as the local defaults, and behind ALLOW_LOCAL_ADAPTERS in production', () => {
      expect(loadConfig({}).offers).toEqual({ texts: true, payments: true });
      expect(loadConfig({ NODE_ENV: 'test' }).offers).toEqual({ texts: true, payments: true });
      expect(loadConfig({ NODE_ENV: 'production', ALLOW_LOCAL_ADAPTERS: 'true' }).offers).toEqual({
        texts: true,
        payments: true,
      });
    });
  });

  it('trusts X-Forwarded-For only from named proxies: true means loopback and private networks, never every hop', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe('loopback,linklocal,uniquelocal');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,fd00::/8' }).trustProxy).toBe(
      '10.0.0.0/8,192.168.1.5,fd00::/8',
    );
    for (const bad of ['10.0.0.0/33', 'lb.internal', '10.0.0.1/8/2', '*']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow('TRUST_PROXY');
    }
  });
});
