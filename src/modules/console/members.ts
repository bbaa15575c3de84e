// Workspace members and invitations. A workspace's first member is invited by the platform admin;
// members who may manage members invite the others. An invitation is a link shown once: only its
// hash is kept, it works once, and within seven days.
import { createHash, randomBytes } from 'node:crypto';
import type { ServiceContext } from '../../context.ts';
import { AppError, badRequest, notFound } from '../../core/errors.ts';
import { ROLE_PERMISSIONS, type Role } from '../../domain/auth/permissions.ts';
import { recordChange } from '../audit/service.ts';
import { checkPasswordRules, hashPassword } from './passwords.ts';
import { clearMember } from './sign-in-locks.ts';
import * as store from './store.ts';

const INVITATION_TTL_MS = 7 * 24 * 3_600_000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface MemberRecord {
  id: string;
  email: string;
  role: Role;
  manageMembers: boolean;
  mfaEnrolled: boolean;
  createdAt: string;
}

export interface InvitationInput {
  email: string;
  role?: Role;
  manageMembers?: boolean;
}

/** Who invites: a member who may manage members, or the platform admin. */
export type Inviter = { memberId: string; role: Role; manageMembers: boolean } | 'platformAdmin';

export const toMemberRecord = (row: store.MemberRow): MemberRecord => ({
  id: row.id,
  email: row.email,
  role: row.role,
  manageMembers: row.manageMembers,
  mfaEnrolled: row.totpSecret !== null,
  createdAt: row.createdAt.toISOString(),
});

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
const hashInvitation = (token: string) => createHash('sha256').update(token).digest('hex');

export async function inviteMember(
  { db, clock, baseUrl }: ServiceContext,
  tenantId: string,
  inviter: Inviter,
  input: InvitationInput,
) {
  const email = normaliseEmail(input.email);
  if (!EMAIL.test(email)) throw badRequest('email is not an email address');
  const role = input.role ?? 'ADMIN';
  const manageMembers = input.manageMembers ?? inviter === 'platformAdmin';
  if (inviter !== 'platformAdmin') {
    if (!inviter.manageMembers) throw new AppError('FORBIDDEN', 'Only members who manage members can invite');
    // Nobody hands out more than they hold.
    const own: readonly string[] = ROLE_PERMISSIONS[inviter.role];
    if (ROLE_PERMISSIONS[role].some((permission) => !own.includes(permission))) {
      throw new AppError(
        'INSUFFICIENT_PERMISSION',
        `A ${inviter.role} member cannot invite a ${role} member`,
      );
    }
  }
  const now = clock();
  const token = `odpp_invite_${randomBytes(32).toString('base64url')}`;
  const actor = inviter === 'platformAdmin' ? 'platform-admin' : `user:${inviter.memberId}`;
  return db.transaction(async (tx) => {
    if (!(await store.tenantById(tx, tenantId))) throw notFound('Workspace not found');
    const existing = await store.memberByEmail(tx, tenantId, email);
    if (existing && !existing.disabledAt) throw badRequest('This email is already a member');
    const row = await store.insertInvitation(tx, {
      tenantId,
      email,
      role,
      manageMembers,
      tokenHash: hashInvitation(token),
      invitedBy: actor,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    });
    await recordChange(tx, tenantId, actor, now, {
      action: 'member.invited',
      subjectType: 'invitation',
      subjectId: row.id,
      details: { email, role, manageMembers },
    });
    return {
      invitation: { id: row.id, email, role, manageMembers, expiresAt: row.expiresAt.toISOString() },
      url: `${baseUrl}/console/invitations/${token}`,
    };
  });
}

/** The invitation a link names, if it can still be accepted. */
export async function openInvitation({ db, clock }: ServiceContext, token: string) {
  const row = await store.invitationByToken(db, hashInvitation(token));
  if (!row || row.acceptedAt !== null || row.expiresAt <= clock()) return null;
  return { email: row.email, role: row.role };
}

/** Accepts an invitation with the new member's password; a used or expired link is 404. */
export async function acceptInvitation({ db, clock }: ServiceContext, token: string, password: string) {
  const invited = await store.invitationByToken(db, hashInvitation(token));
  if (invited) {
    const workspace = await store.tenantById(db, invited.tenantId);
    await checkPasswordRules(password, [
      invited.email,
      ...(workspace ? [workspace.subdomain, workspace.name] : []),
    ]);
  } else {
    await checkPasswordRules(password);
  }
  const passwordHash = await hashPassword(password);
  const now = clock();
  return db.transaction(async (tx) => {
    const row = await store.invitationByToken(tx, hashInvitation(token));
    if (!row || row.acceptedAt !== null || row.expiresAt <= now) {
      throw notFound('This invitation is unknown, used or expired');
    }
    const fields = { passwordHash, role: row.role, manageMembers: row.manageMembers };
    // A removed member invited again comes back as a new start: new password, no second factor.
    const removed = await store.memberByEmail(tx, row.tenantId, row.email);
    const member = removed?.disabledAt
      ? await store.reviveMember(tx, row.tenantId, removed.id, fields)
      : await store.insertMember(tx, { tenantId: row.tenantId, email: row.email, ...fields });
    if (removed?.disabledAt) await clearMember(tx, row.tenantId, removed.id);
    await store.acceptInvitation(tx, row.tenantId, row.id, now);
    await recordChange(tx, row.tenantId, `user:${member.id}`, now, {
      action: 'member.joined',
      subjectType: 'member',
      subjectId: member.id,
      details: { invitation: row.id, role: row.role },
    });
    const tenant = await store.tenantById(tx, row.tenantId);
    return { member: toMemberRecord(member), workspace: tenant?.subdomain ?? '' };
  });
}

export async function listMembers({ db }: ServiceContext, tenantId: string): Promise<MemberRecord[]> {
  return (await store.listMembers(db, tenantId)).map(toMemberRecord);
}

/**
 * Removes a member: the account is disabled (kept for the audit trail, which names it) and every
 * session of it ends at once. A member cannot remove itself, so a workspace keeps someone in charge.
 */
export async function removeMember(
  { db, clock }: ServiceContext,
  tenantId: string,
  remover: { memberId: string; manageMembers: boolean },
  memberId: string,
): Promise<void> {
  if (!remover.manageMembers)
    throw new AppError('FORBIDDEN', 'Only members who manage members can remove one');
  if (remover.memberId === memberId) throw badRequest('A member cannot remove itself');
  const now = clock();
  await db.transaction(async (tx) => {
    const row = await store.memberById(tx, tenantId, memberId, true);
    if (!row || row.disabledAt) throw notFound('Member not found');
    await store.updateMember(tx, tenantId, memberId, { disabledAt: now });
    await store.endAllSessions(tx, tenantId, memberId, now);
    await recordChange(tx, tenantId, `user:${remover.memberId}`, now, {
      action: 'member.removed',
      subjectType: 'member',
      subjectId: memberId,
      details: { email: row.email },
    });
  });
}
