// TOTP enrolment: a secret is offered (kept sealed as pending), and becomes the member's only when
// a code from it is confirmed; the recovery codes are shown then, once. Other sessions of the member
// end at that moment, since they were opened with a weaker proof.
// Apart from service.ts, which only hands on what the composition root needs: the security pages and
// the API's MFA routes call it directly.
import type { ServiceContext } from '../../context.ts';
import { AppError, badRequest } from '../../core/errors.ts';
import type { SessionPrincipal } from '../../core/principal.ts';
import { decryptSecret, encryptSecret } from '../../domain/crypto/secret-box.ts';
import { qrSvg } from '../../domain/gs1/qr-svg.ts';
import { recordChange } from '../audit/service.ts';
import { acceptedStep, hashRecoveryCode, newRecoveryCodes, newTotpSecret, otpauthUri } from './mfa-codes.ts';
import * as store from './store.ts';

const aad = (memberId: string) => `totp:${memberId}`;

function offered(principal: SessionPrincipal, secret: string) {
  const uri = otpauthUri(secret, `${principal.member.email} (${principal.tenant.subdomain})`);
  return { secret, otpauthUri: uri, qrSvg: qrSvg(uri, 'Authenticator app enrolment') };
}

export async function startEnrolment({ db, sealing }: ServiceContext, principal: SessionPrincipal) {
  const { tenant, member } = principal;
  if (member.mfaEnrolled) throw new AppError('CONFLICT', 'Two-factor authentication is already enrolled');
  const secret = newTotpSecret();
  await store.updateMember(db, tenant.id, member.id, {
    totpPending: encryptSecret(sealing.masterKey, secret, aad(member.id)),
  });
  return offered(principal, secret);
}

/**
 * The enrolment already offered and not yet confirmed, or null: a wrong code shows the same secret
 * again, so the member retries with the entry the authenticator app already holds.
 */
export async function pendingEnrolment({ db, sealing }: ServiceContext, principal: SessionPrincipal) {
  const { tenant, member } = principal;
  const row = await store.memberById(db, tenant.id, member.id);
  if (!row || row.totpSecret !== null || row.totpPending === null) return null;
  return offered(principal, decryptSecret(sealing.masterKey, row.totpPending, aad(member.id)));
}

export async function confirmEnrolment(
  { db, clock, sealing }: ServiceContext,
  principal: SessionPrincipal,
  code: string,
) {
  const { tenant, member, session } = principal;
  const now = clock();
  return db.transaction(async (tx) => {
    const row = await store.memberById(tx, tenant.id, member.id, true);
    if (!row) throw new AppError('UNAUTHORIZED', 'Sign in again');
    if (row.totpSecret !== null)
      throw new AppError('CONFLICT', 'Two-factor authentication is already enrolled');
    if (row.totpPending === null) throw badRequest('Start the enrolment first');
    const secret = decryptSecret(sealing.masterKey, row.totpPending, aad(member.id));
    const step = acceptedStep(secret, code, now, null);
    if (step === null)
      throw badRequest('The code does not match: check the time on the device and try again');
    const recoveryCodes = newRecoveryCodes();
    await store.updateMember(tx, tenant.id, member.id, {
      totpSecret: row.totpPending,
      totpPending: null,
      totpLastStep: step,
      recoveryCodes: recoveryCodes.map(hashRecoveryCode),
    });
    await store.endOtherSessions(tx, tenant.id, member.id, session.id, now);
    await recordChange(tx, tenant.id, `user:${member.id}`, now, {
      action: 'member.mfa_enrolled',
      subjectType: 'member',
      subjectId: member.id,
    });
    return { recoveryCodes };
  });
}
