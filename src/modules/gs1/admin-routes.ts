// Platform admin: what breaks the one-owner rule for GS1 keys (docs/gs1.md, "Conflicts").
import type { App, AppContext } from '../../context.ts';
import { errorResponses } from '../../core/schemas.ts';
import { ConflictsResponse } from './conflict-schemas.ts';
import { keyConflicts, prefixConflicts } from './service.ts';

export async function gs1AdminRoutes(app: App, context: AppContext): Promise<void> {
  app.get(
    '/admin/v1/gs1/conflicts',
    {
      config: { access: { kind: 'admin' } },
      schema: {
        tags: ['Platform admin'],
        security: [{ platformAdmin: [] }],
        summary: 'GS1 keys held by several workspaces, and passports under another workspace’s prefix',
        response: { 200: ConflictsResponse, ...errorResponses(401, 500) },
      },
    },
    async () => ({
      success: true as const,
      keys: await keyConflicts(context.db),
      prefixes: await prefixConflicts(context.db),
    }),
  );
}
