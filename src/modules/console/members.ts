// Workspace members and invitations. A workspace's first member is invited by the platform admin;
// members who may manage members invite the others. An invitation is a link shown once: only its
// hash is kept, it works once, and within seven days. Apart from service.ts, which only hands on
// what the composition root needs (the first owner's invitation, the sessions).
import { createHash, randomBytes } from 'node:crypto';
import type { ServiceContext } from '../../context.ts';
import { AppError, badRequest, notFound } from '../../core/errors.ts';
import type { Executor } from '../../db/client.ts';
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

/**
 * The first owner's invitation, made by the node's first boot for its demo workspace: nobody's
 * email is known yet, so the link is open (an empty email) and whoever opens it gives theirs when
 * accepting. Like every invitation it is shown once, works once and within seven days.
 */
export async function inviteFirstOwner(
  { db, clock, baseUrl }: { db: Executor; clock: () => Date; baseUrl: string },
  tenantId: string,
) {
  const now = clock();
  const token = `odpp_invite_${randomBytes(32).toString('base64url')}`;
  const row = await store.insertInvitation(db, {
    tenantId,
    email: OPEN_EMAIL,
    role: 'ADMIN',
    manageMembers: true,
    tokenHash: hashInvitation(token),
    invitedBy: 'first-boot',
    expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
  });
  await recordChange(db, tenantId, 'platform-admin', now, {
    action: 'member.invited',
    subjectType: 'invitation',
    subjectId: row.id,
    details: { email: null, role: 'ADMIN', manageMembers: true, firstOwner: true },
  });
  return { url: `${baseUrl}/console/invitations/${token}`, expiresAt: row.expiresAt.toISOString() };
}

/** The email an open invitation (the first owner's) holds until it is accepted. */
const OPEN_EMAIL = '';

/** The invitation a link names, if it can still be accepted; `open` when the invitee gives the email. */
export async function openInvitation({ db, clock }: ServiceContext, token: string) {
  const row = await store.invitationByToken(db, hashInvitation(token));
  if (!row || row.acceptedAt !== null || row.expiresAt <= clock()) return null;
  return { email: row.email, role: row.role, open: row.email === OPEN_EMAIL };
}

/**
 * Accepts an invitation with the new member's password (and, for an open invitation, the email
 * the invitee gives); a used or expired link is 404.
 */
export async function acceptInvitation(
  { db, clock }: ServiceContext,
  token: string,
  password: string,
  givenEmail = '',
) {
  const invited = await store.invitationByToken(db, hashInvitation(token));
  const chosen = normaliseEmail(givenEmail);
  if (invited?.email === OPEN_EMAIL && !EMAIL.test(chosen)) throw badRequest('email is not an email address');
  if (invited) {
    const workspace = await store.tenantById(db, invited.tenantId);
    await checkPasswordRules(password, [
      invited.email || chosen,
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
    const email = row.email === OPEN_EMAIL ? chosen : row.email;
    const fields = { passwordHash, role: row.role, manageMembers: row.manageMembers };
    // A removed member invited again comes back as a new start: new password, no second factor.
    const removed = await store.memberByEmail(tx, row.tenantId, email);
    if (removed && !removed.disabledAt) throw badRequest('This email is already a member');
    const member = removed?.disabledAt
      ? await store.reviveMember(tx, row.tenantId, removed.id, fields)
      : await store.insertMember(tx, { tenantId: row.tenantId, email, ...fields });
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

/** Keeps the console language a member chose in its profile, for the browsers it has not chosen in. */
export async function chooseLanguage(
  { db }: ServiceContext,
  member: { tenant: { id: string }; member: { id: string } },
  language: string,
): Promise<void> {
  await store.updateMember(db, member.tenant.id, member.member.id, { language });
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

export interface PendingInvitation {
  id: string;
  /** Empty for the first owner's open invitation. */
  email: string;
  role: Role;
  manageMembers: boolean;
  invitedBy: string;
  expiresAt: string;
}

/** The workspace's invitations still waiting to be accepted. */
export async function pendingInvitations({ db, clock }: ServiceContext, tenantId: string) {
  const rows = await store.pendingInvitations(db, tenantId, clock());
  return rows.map(
    (row): PendingInvitation => ({
      id: row.id,
      email: row.email,
      role: row.role,
      manageMembers: row.manageMembers,
      invitedBy: row.invitedBy,
      expiresAt: row.expiresAt.toISOString(),
    }),
  );
}

/** Withdraws a pending invitation (its link stops working); only members who manage members may. */
export async function withdrawInvitation(
  { db, clock }: ServiceContext,
  tenantId: string,
  withdrawer: { memberId: string; manageMembers: boolean },
  invitationId: string,
): Promise<void> {
  if (!withdrawer.manageMembers)
    throw new AppError('FORBIDDEN', 'Only members who manage members can withdraw an invitation');
  const now = clock();
  await db.transaction(async (tx) => {
    const row = await store.withdrawInvitation(tx, tenantId, invitationId, now);
    if (!row) throw notFound('Invitation not found, or no longer pending');
    await recordChange(tx, tenantId, `user:${withdrawer.memberId}`, now, {
      action: 'member.invitation_withdrawn',
      subjectType: 'invitation',
      subjectId: row.id,
      details: { email: row.email || null },
    });
  });
}
