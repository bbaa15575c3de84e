// Checks the console's own routes share: the session a member route runs under, and the
// workspace's MFA requirement on the writes that are not about the member's own sign-in.
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.ts';
import type { SessionPrincipal } from '../../core/principal.ts';
import type { Role } from '../../domain/auth/permissions.ts';

export function sessionOf(request: FastifyRequest): SessionPrincipal {
  const principal = request.principal;
  if (principal?.kind !== 'session') throw new AppError('UNAUTHORIZED', 'Sign in to the console first');
  return principal;
}

export function assertMfaSatisfied(principal: SessionPrincipal): void {
  if (principal.tenant.mfaRequired && !principal.member.mfaEnrolled) {
    throw new AppError(
      'MFA_REQUIRED',
      'This workspace requires two-factor authentication: enrol it in the console first',
    );
  }
}

export const roleOf = (principal: SessionPrincipal) => principal.member.role as Role;
