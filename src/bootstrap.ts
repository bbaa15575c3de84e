// First boot: a new user of the embedded store gets a working admin token and a demo workspace key
// at once, printed one time. Later boots find the stored admin token hash and change nothing.
import { eq } from 'drizzle-orm';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { platformSettings } from './db/schema.ts';
import { generateApiToken, hashToken } from './domain/auth/api-token.ts';
import { createWorkspace } from './modules/workspaces/service.ts';
import { countTenants } from './modules/workspaces/store.ts';

const ADMIN_TOKEN_HASH = 'admin_token_hash';

export interface BootResult {
  adminTokenHash: string | undefined;
  /** Shown once on the console, never logged: the generated admin token and the demo key. */
  firstBootSecrets?: { adminToken?: string; demoKey: string; demoWorkspace: string };
}

async function storedAdminHash(database: Database): Promise<string | undefined> {
  const [row] = await database.db
    .select()
    .from(platformSettings)
    .where(eq(platformSettings.name, ADMIN_TOKEN_HASH));
  return row?.value;
}

export async function bootstrap(database: Database, config: Config, now: Date): Promise<BootResult> {
  const configured = config.platformAdminToken ? hashToken(config.platformAdminToken) : undefined;
  const stored = await storedAdminHash(database);
  const isEmptyEmbedded =
    database.kind === 'pglite' && stored === undefined && (await countTenants(database.db)) === 0;
  if (!isEmptyEmbedded) return { adminTokenHash: configured ?? stored };

  // The admin token reuses the API token shape; only its hash is kept.
  const adminToken = configured ? undefined : generateApiToken().token.replace('dpp_token_', 'dpp_admin_');
  const adminTokenHash = configured ?? hashToken(adminToken ?? '');
  const demo = await createWorkspace(
    database.db,
    { name: 'Demo workspace', subdomain: 'demo', tier: 'growth' },
    now,
  );
  await database.db.insert(platformSettings).values({ name: ADMIN_TOKEN_HASH, value: adminTokenHash });
  return {
    adminTokenHash,
    firstBootSecrets: { adminToken, demoKey: demo.apiKey.token, demoWorkspace: demo.tenant.id },
  };
}

export function printFirstBootSecrets(
  secrets: NonNullable<BootResult['firstBootSecrets']>,
  baseUrl: string,
): void {
  const lines = [
    '',
    'OpenDPP: first boot of an empty store. These secrets are shown once and stored only as hashes.',
    secrets.adminToken
      ? `  Platform admin token : ${secrets.adminToken}`
      : '  Platform admin token : the one in the PLATFORM_ADMIN_TOKEN environment variable (not shown)',
    `  Demo workspace       : ${secrets.demoWorkspace} (subdomain "demo", growth plan)`,
    `  Demo API key         : ${secrets.demoKey}`,
    '',
    `  Try: curl -H "Authorization: Bearer ${secrets.demoKey}" ${baseUrl}/api/v1/whoami`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
