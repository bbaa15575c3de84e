// Platform admin: invites a workspace's first member (or any member). The `opendpp members invite`
// command wraps it. The answer carries the invitation link, once.
import type { App, AppContext } from '../../context.ts';
import { errorResponses } from '../../core/schemas.ts';
import * as members from './members.ts';
import { InvitationBody, InvitationResponse, WorkspaceIdParams } from './schemas.ts';

export async function consoleAdminRoutes(app: App, context: AppContext): Promise<void> {
  app.post(
    '/admin/v1/workspaces/:id/members',
    {
      config: { access: { kind: 'admin' } },
      schema: {
        tags: ['Platform admin'],
        security: [{ platformAdmin: [] }],
        summary: 'Invite a member to a workspace (its first member, usually): the link is returned only here',
        params: WorkspaceIdParams,
        body: InvitationBody,
        response: { 201: InvitationResponse, ...errorResponses(400, 401, 404, 409, 500) },
      },
    },
    async (request, reply) => {
      const created = await members.inviteMember(context, request.params.id, 'platformAdmin', request.body);
      return reply.code(201).send({ success: true, ...created });
    },
  );
}
