// Changing another member's role and whether it may manage members. Sessions read their member on
// every request (no cache), so the member's live sessions act with the new role from the next one.
// Apart from service.ts, which only hands on what the composition root needs: the API's member routes
// call it directly.
import type { ServiceContext } from '../../context.ts';
import { AppError, badRequest, notFound } from '../../core/errors.ts';
import { ROLE_PERMISSIONS, type Role } from '../../domain/auth/permissions.ts';
import { recordChange } from '../audit/service.ts';
import { type MemberRecord, toMemberRecord } from './members.ts';
import * as store from './store.ts';

export interface RoleChange {
  role?: Role;
  manageMembers?: boolean;
}

/** Who changes: a member who may manage members, with its own role. */
export interface Changer {
  memberId: string;
  role: Role;
  manageMembers: boolean;
}

const holdsAll = (holder: Role, role: Role) => {
  const own: readonly string[] = ROLE_PERMISSIONS[holder];
  return ROLE_PERMISSIONS[role].every((permission) => own.includes(permission));
};

/**
 * Changes a member's role or manageMembers. Nobody grants a role with a permission they lack, and
 * nobody changes a member whose current role holds one they lack (a brand operator who manages
 * members cannot demote an admin). A member cannot change itself, so nobody lifts their own rights.
 */
export async function changeMemberRole(
  { db, clock }: ServiceContext,
  tenantId: string,
  changer: Changer,
  memberId: string,
  change: RoleChange,
): Promise<MemberRecord> {
  if (!changer.manageMembers)
    throw new AppError('FORBIDDEN', 'Only members who manage members can change a role');
  if (change.role === undefined && change.manageMembers === undefined)
    throw badRequest('Send role, manageMembers or both');
  if (changer.memberId === memberId) throw badRequest('A member cannot change its own role');
  if (change.role !== undefined && !holdsAll(changer.role, change.role)) {
    throw new AppError(
      'INSUFFICIENT_PERMISSION',
      `A ${changer.role} member cannot make another member ${change.role}`,
    );
  }
  const now = clock();
  return db.transaction(async (tx) => {
    const row = await store.memberById(tx, tenantId, memberId, true);
    if (!row || row.disabledAt) throw notFound('Member not found');
    if (!holdsAll(changer.role, row.role)) {
      throw new AppError(
        'INSUFFICIENT_PERMISSION',
        `A ${changer.role} member cannot change a ${row.role} member`,
      );
    }
    const after = {
      role: change.role ?? row.role,
      manageMembers: change.manageMembers ?? row.manageMembers,
    };
    if (after.role === row.role && after.manageMembers === row.manageMembers) return toMemberRecord(row);
    await store.updateMember(tx, tenantId, memberId, after);
    await recordChange(tx, tenantId, `user:${changer.memberId}`, now, {
      action: 'member.role_changed',
      subjectType: 'member',
      subjectId: memberId,
      details: {
        email: row.email,
        from: { role: row.role, manageMembers: row.manageMembers },
        to: after,
      },
    });
    return toMemberRecord({ ...row, ...after });
  });
}
