import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EnableTotpBodySchema,
  TotpEnabledSchema,
  TotpSetupSchema,
  type TotpEnabled,
  type TotpSetup,
} from '#domain/staff/staff-accounts-schemas.ts';
import type { Clock } from '../../../clock.ts';
import type { Database } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import { ok } from '../../../http/request-parsing.ts';
import { answers, BODY_ERRORS, okResult } from '../../../http/route-schemas.ts';
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, totpStepOf, totpUri } from './second-factor.ts';
import { audit, STAFF_ERRORS, staffOf } from '../staff-session-guard.ts';
import { enableTotp, findTotpState, setPendingTotpSecret } from './totp-setup-repository.ts';

const ALREADY_ON = () => new AppError(409, 'CONFLICT', 'Your second factor is on already.');

const SCHEMAS = {
  setup: {
    summary: 'Starts setting up an authenticator app: a pending secret and its otpauth URI',
    tags: ['staff'],
    response: answers({ 200: okResult(TotpSetupSchema) }, [...STAFF_ERRORS, ...BODY_ERRORS, 409]),
  },
  enable: {
    summary: 'Turns the second factor on with a code of the app; answers the recovery codes, once',
    tags: ['staff'],
    body: EnableTotpBodySchema,
    response: answers({ 200: okResult(TotpEnabledSchema) }, [...STAFF_ERRORS, ...BODY_ERRORS, 409]),
  },
};

/**
 * `/api/v1/staff/totp/*`: any account sets up its authenticator app, also while its practice
 * requires one and nothing else works yet. Setting up stores a pending secret; a code of the app
 * proves it was read, and only then is it used at sign-in.
 */
export function registerTotpSetupRoutes(app: FastifyInstance, deps: { db: Database; clock: Clock }): void {
  const { db, clock } = deps;
  const staff = app.withTypeProvider<ZodTypeProvider>();
  const rule = { config: { staff: { duringTotpSetup: true } } };

  staff.post('/totp/setup', { ...rule, schema: SCHEMAS.setup }, async (request) => {
    const me = staffOf(request);
    if ((await findTotpState(db, me.accountId))?.totp_enabled) throw ALREADY_ON();
    const secret = newTotpSecret();
    await setPendingTotpSecret(db, me.accountId, secret, clock.now());
    const result: TotpSetup = { secret, otpauth_uri: totpUri(secret, me.email) };
    return ok(result);
  });

  staff.post('/totp/enable', { ...rule, schema: SCHEMAS.enable }, async (request) => {
    const me = staffOf(request);
    const { code } = request.body;
    const state = await findTotpState(db, me.accountId);
    if (state?.totp_enabled) throw ALREADY_ON();
    const secret = state?.totp_pending_secret;
    if (!secret) throw new AppError(409, 'CONFLICT', 'Start the set-up first.');
    const now = clock.now();
    const step = totpStepOf(secret, me.email, code, now);
    if (step === null) {
      throw AppError.validation('That code is not right. Type the current code from your authenticator app.', {
        code: 'That code is not right.',
      });
    }
    const codes = newRecoveryCodes();
    await db.transaction(async (tx) => {
      if (!(await enableTotp(tx, me.accountId, secret, codes.map(hashRecoveryCode), now, step)))
        throw new AppError(409, 'CONFLICT', 'The set-up started over elsewhere: scan the new code.');
      await audit(
        request,
        deps,
        { action: 'account.totp_enable', targetType: 'staff_account', targetId: me.accountId },
        tx,
      );
    });
    const result: TotpEnabled = { recovery_codes: codes };
    return ok(result);
  });
}
