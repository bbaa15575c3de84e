// The console's JSON surface: sign in (with the MFA challenge), refresh, sign out, MFA enrolment,
// members (invite, change a role, remove) and invitations. The pages use the same services;
// scripts and tests use these.
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { errorResponses } from '../../core/schemas.ts';
import { clearSessionCookie, setSessionCookie } from './cookies.ts';
import { assertMfaSatisfied, roleOf, sessionOf } from './guards.ts';
import { changeMemberRole } from './member-roles.ts';
import * as members from './members.ts';
import { confirmEnrolment, startEnrolment } from './mfa.ts';
import {
  AcceptedResponse,
  AcceptInvitationBody,
  ChallengeBody,
  CodeBody,
  EnrolmentResponse,
  InvitationBody,
  InvitationResponse,
  MemberIdParams,
  MemberListResponse,
  MemberResponse,
  RecoveryCodesResponse,
  RoleChangeBody,
  SessionResponse,
  SignInBody,
  SignInResponse,
} from './schemas.ts';
import type { SessionService, SignInResult } from './sessions.ts';

const tags = ['Console'];
const member = { kind: 'member' } as const;
const signInAccess = { kind: 'public', budget: 'anonymous' } as const;

const sessionBody = (result: SignInResult & { kind: 'session' }) => ({
  token: result.token,
  expiresAt: result.expiresAt.toISOString(),
  csrfToken: result.csrfToken,
});

export async function consoleApiRoutes(
  app: App,
  context: AppContext,
  sessions: SessionService,
): Promise<void> {
  await sessionRoutes(app, sessions);
  await enrolmentRoutes(app, context);
  await memberRoutes(app, context);
  await memberChangeRoutes(app, context);
}

/** Sign in (with the MFA challenge), refresh, sign out. */
async function sessionRoutes(app: App, sessions: SessionService): Promise<void> {
  app.post(
    '/console/api/session',
    {
      config: { access: signInAccess },
      schema: {
        tags,
        summary: 'Sign in: a session (cookie and JWT), or an MFA challenge when the member has enrolled',
        body: SignInBody,
        response: { 200: SignInResponse, ...errorResponses(400, 401, 429, 500) },
      },
    },
    async (request, reply) => {
      const result = await sessions.signIn(request.body, request.ip);
      if (result.kind === 'challenge')
        return { success: true as const, mfa: { challenge: result.challenge } };
      setSessionCookie(request, reply, result.token);
      return { success: true as const, session: sessionBody(result) };
    },
  );

  app.post(
    '/console/api/session/mfa',
    {
      config: { access: signInAccess },
      schema: {
        tags,
        summary: 'Answer the MFA challenge with a TOTP or recovery code',
        body: ChallengeBody,
        response: { 200: SessionResponse, ...errorResponses(400, 401, 429, 500) },
      },
    },
    async (request, reply) => {
      const result = await sessions.completeChallenge(request.body.challenge, request.body.code, request.ip);
      setSessionCookie(request, reply, result.token);
      return { success: true as const, session: sessionBody(result) };
    },
  );

  app.post(
    '/console/api/session/refresh',
    {
      config: { access: member },
      schema: {
        tags,
        summary: 'A fresh session JWT for a live session',
        response: { 200: SessionResponse, ...errorResponses(401, 403, 500) },
      },
    },
    async (request, reply) => {
      const principal = sessionOf(request);
      const result = await sessions.refresh(principal);
      if (principal.session.via === 'cookie') setSessionCookie(request, reply, result.token);
      return { success: true as const, session: sessionBody(result) };
    },
  );

  app.delete(
    '/console/api/session',
    {
      config: { access: member },
      schema: {
        tags,
        summary: 'Sign out: the session ends, and every JWT of it stops working',
        response: { 204: Type.Null(), ...errorResponses(401, 403, 500) },
      },
    },
    async (request, reply) => {
      await sessions.signOut(sessionOf(request));
      clearSessionCookie(request, reply);
      return reply.code(204).send(null);
    },
  );
}

/** MFA enrolment and its confirmation. */
async function enrolmentRoutes(app: App, context: AppContext): Promise<void> {
  app.post(
    '/console/api/mfa/enrolment',
    {
      config: { access: member },
      schema: {
        tags,
        summary: 'Start TOTP enrolment: the secret and its QR code',
        response: { 200: EnrolmentResponse, ...errorResponses(401, 403, 409, 500) },
      },
    },
    async (request) => ({ success: true as const, ...(await startEnrolment(context, sessionOf(request))) }),
  );

  app.post(
    '/console/api/mfa/enrolment/confirm',
    {
      config: { access: member },
      schema: {
        tags,
        summary: 'Confirm TOTP enrolment with a code; the recovery codes are returned only here',
        body: CodeBody,
        response: { 200: RecoveryCodesResponse, ...errorResponses(400, 401, 403, 409, 500) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await confirmEnrolment(context, sessionOf(request), request.body.code)),
    }),
  );
}

/** Members listed, invited and removed. */
async function memberRoutes(app: App, context: AppContext): Promise<void> {
  app.get(
    '/console/api/members',
    {
      config: { access: member },
      schema: { tags, summary: "The workspace's members", response: { 200: MemberListResponse } },
    },
    async (request) => ({
      success: true as const,
      members: await members.listMembers(context, sessionOf(request).tenant.id),
    }),
  );

  app.post(
    '/console/api/invitations',
    {
      config: { access: member },
      schema: {
        tags,
        summary: 'Invite a member: the link is returned only here',
        body: InvitationBody,
        response: { 201: InvitationResponse, ...errorResponses(400, 401, 403, 404, 500) },
      },
    },
    async (request, reply) => {
      const principal = sessionOf(request);
      assertMfaSatisfied(principal);
      const created = await members.inviteMember(
        context,
        principal.tenant.id,
        {
          memberId: principal.member.id,
          role: roleOf(principal),
          manageMembers: principal.member.manageMembers,
        },
        request.body,
      );
      return reply.code(201).send({ success: true, ...created });
    },
  );

  app.delete(
    '/console/api/members/:id',
    {
      config: { access: member },
      schema: {
        tags,
        summary: 'Remove a member: the account is disabled and every session of it ends',
        params: MemberIdParams,
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404, 500) },
      },
    },
    async (request, reply) => {
      const principal = sessionOf(request);
      assertMfaSatisfied(principal);
      await members.removeMember(
        context,
        principal.tenant.id,
        { memberId: principal.member.id, manageMembers: principal.member.manageMembers },
        request.params.id,
      );
      return reply.code(204).send(null);
    },
  );
}

/** A member's role changed, and an invitation accepted. */
async function memberChangeRoutes(app: App, context: AppContext): Promise<void> {
  app.patch(
    '/console/api/members/:id',
    {
      config: { access: member },
      schema: {
        tags,
        summary: "Change another member's role or whether it may manage members; its sessions follow at once",
        params: MemberIdParams,
        body: RoleChangeBody,
        response: { 200: MemberResponse, ...errorResponses(400, 401, 403, 404, 500) },
      },
    },
    async (request) => {
      const principal = sessionOf(request);
      assertMfaSatisfied(principal);
      const changed = await changeMemberRole(
        context,
        principal.tenant.id,
        {
          memberId: principal.member.id,
          role: roleOf(principal),
          manageMembers: principal.member.manageMembers,
        },
        request.params.id,
        request.body,
      );
      return { success: true as const, member: changed };
    },
  );

  app.post(
    '/console/api/invitations/accept',
    {
      config: { access: signInAccess },
      schema: {
        tags,
        summary: 'Accept an invitation with a password',
        body: AcceptInvitationBody,
        response: { 201: AcceptedResponse, ...errorResponses(400, 404, 409, 429, 500) },
      },
    },
    async (request, reply) => {
      const accepted = await members.acceptInvitation(context, request.body.token, request.body.password);
      return reply.code(201).send({ success: true, ...accepted });
    },
  );
}
