// TypeBox schemas of the console's JSON surface: sessions, MFA, members and invitations.
import { Type } from 'typebox';
import { Timestamp, Uuid } from '../../core/schemas.ts';
import { ROLES } from '../../domain/auth/permissions.ts';

export const RoleSchema = Type.Enum(ROLES);

export const SignInBody = Type.Object(
  {
    workspace: Type.String({ minLength: 1, maxLength: 63, description: 'the workspace subdomain' }),
    email: Type.String({ minLength: 3, maxLength: 320 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);

export const ChallengeBody = Type.Object(
  {
    challenge: Type.String({ minLength: 1, maxLength: 4096 }),
    code: Type.String({ minLength: 1, maxLength: 32, description: 'a TOTP code or a recovery code' }),
  },
  { additionalProperties: false },
);

const SessionBody = Type.Object({
  token: Type.String({ description: 'the session JWT: also valid as a Bearer on write endpoints' }),
  expiresAt: Timestamp,
  csrfToken: Type.String({ description: 'send as X-CSRF-Token on cookie-session writes' }),
});

export const SignInResponse = Type.Union([
  Type.Object({ success: Type.Literal(true), session: SessionBody }),
  Type.Object({
    success: Type.Literal(true),
    mfa: Type.Object({
      challenge: Type.String({ description: 'post it with a code to /console/api/session/mfa' }),
    }),
  }),
]);

export const SessionResponse = Type.Object({ success: Type.Literal(true), session: SessionBody });

export const EnrolmentResponse = Type.Object({
  success: Type.Literal(true),
  secret: Type.String({ description: 'base32, for manual entry' }),
  otpauthUri: Type.String(),
  qrSvg: Type.String({ description: 'the otpauth URI as an SVG QR code' }),
});

export const CodeBody = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: 32 }) },
  { additionalProperties: false },
);

export const RecoveryCodesResponse = Type.Object({
  success: Type.Literal(true),
  recoveryCodes: Type.Array(Type.String(), { description: 'shown only here; each works once' }),
});

export const Member = Type.Object({
  id: Uuid,
  email: Type.String(),
  role: RoleSchema,
  manageMembers: Type.Boolean(),
  mfaEnrolled: Type.Boolean(),
  createdAt: Timestamp,
});

export const MemberListResponse = Type.Object({ success: Type.Literal(true), members: Type.Array(Member) });

export const MemberResponse = Type.Object({ success: Type.Literal(true), member: Member });

export const RoleChangeBody = Type.Object(
  {
    role: Type.Optional(RoleSchema),
    manageMembers: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const InvitationBody = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 320 }),
    role: Type.Optional(RoleSchema),
    manageMembers: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const InvitationResponse = Type.Object({
  success: Type.Literal(true),
  invitation: Type.Object({
    id: Uuid,
    email: Type.String(),
    role: RoleSchema,
    manageMembers: Type.Boolean(),
    expiresAt: Timestamp,
  }),
  url: Type.String({ description: 'the invitation link: shown only here, works once' }),
});

export const AcceptInvitationBody = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 200 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);

export const AcceptedResponse = Type.Object({
  success: Type.Literal(true),
  member: Member,
  workspace: Type.String({ description: 'the workspace subdomain to sign in to' }),
});

export const WorkspaceIdParams = Type.Object({ id: Uuid });
export const MemberIdParams = Type.Object({ id: Uuid });
