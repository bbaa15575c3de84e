// First boot: a new store, embedded or PostgreSQL, gets a working admin token, a demo workspace
// key and a one-time invitation link for the demo workspace's first owner (the console's first
// member) at once, printed one time. Later boots find the stored admin token hash, change nothing, and
// say where the token was shown (never the token: only its hash is kept). Instances that boot
// together on one empty PostgreSQL database decide under a transaction-scoped advisory lock, so
// exactly one of them makes and prints the token; the others find it made.
import { inArray, sql } from 'drizzle-orm';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { platformSettings } from './db/schema.ts';
import { generateApiToken, hashToken } from './domain/auth/api-token.ts';
import { DEMO_WORKSPACE, inviteFirstOwner } from './modules/console/service.ts';
import { createWorkspace, PLATFORM_ADMIN } from './modules/workspaces/service.ts';
import { countTenants } from './modules/workspaces/store.ts';

const ADMIN_TOKEN_HASH = 'admin_token_hash';
/** When the node generated the admin token (absent when PLATFORM_ADMIN_TOKEN was set at first boot). */
const ADMIN_TOKEN_GENERATED_AT = 'admin_token_generated_at';
// Beside the migration lock's key (src/db/client.ts); held for the bootstrap transaction only.
const FIRST_BOOT_LOCK = 72_410_772;

export interface BootResult {
  adminTokenHash: string | undefined;
  /** Shown once on the console, never logged: the generated admin token and the demo key. */
  firstBootSecrets?: {
    adminToken?: string;
    demoKey: string;
    demoWorkspace: string;
    /** The console's address, and the one-time link that makes the demo workspace's first owner. */
    console: string;
    ownerInvitation: string;
  };
  /** What a later boot says about the admin token in force (a log line, holding no secret). */
  adminTokenNote?: { level: 'info' | 'warn'; message: string };
}

async function storedSettings(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .select()
    .from(platformSettings)
    .where(inArray(platformSettings.name, [ADMIN_TOKEN_HASH, ADMIN_TOKEN_GENERATED_AT]));
  return new Map(rows.map((row) => [row.name, row.value]));
}

/** The note of a boot that found the store made: where the token came from, or that there is none. */
function laterBootNote(settings: Map<string, string>): BootResult['adminTokenNote'] {
  if (!settings.has(ADMIN_TOKEN_HASH)) {
    return {
      level: 'warn',
      message: 'no platform admin token: every /admin/v1 call is refused until PLATFORM_ADMIN_TOKEN is set',
    };
  }
  const generatedAt = settings.get(ADMIN_TOKEN_GENERATED_AT);
  return {
    level: 'info',
    message: generatedAt
      ? `the platform admin token was generated and printed once on the console of the first boot, on ${generatedAt}; only its hash is stored. Set PLATFORM_ADMIN_TOKEN to replace it`
      : 'the platform admin token is the one PLATFORM_ADMIN_TOKEN held at first boot; only its hash is stored. Set PLATFORM_ADMIN_TOKEN to replace it',
  };
}

export async function bootstrap(database: Database, config: Config, now: Date): Promise<BootResult> {
  const configured = config.platformAdminToken ? hashToken(config.platformAdminToken) : undefined;
  return database.db.transaction(async (tx) => {
    const db = tx;
    if (database.kind === 'postgres') await db.execute(sql`select pg_advisory_xact_lock(${FIRST_BOOT_LOCK})`);
    const settings = await storedSettings(db);
    const stored = settings.get(ADMIN_TOKEN_HASH);
    const isEmpty = stored === undefined && (await countTenants(db)) === 0;
    if (!isEmpty) {
      return {
        adminTokenHash: configured ?? stored,
        ...(configured ? {} : { adminTokenNote: laterBootNote(settings) }),
      };
    }

    // The admin token reuses the API token shape; only its hash is kept.
    const adminToken = configured ? undefined : generateApiToken().token.replace('dpp_token_', 'dpp_admin_');
    const adminTokenHash = configured ?? hashToken(adminToken ?? '');
    const demo = await createWorkspace({ db, clock: () => now }, PLATFORM_ADMIN, {
      ...DEMO_WORKSPACE,
      tier: 'growth',
    });
    await db
      .insert(platformSettings)
      .values([
        { name: ADMIN_TOKEN_HASH, value: adminTokenHash },
        ...(adminToken ? [{ name: ADMIN_TOKEN_GENERATED_AT, value: now.toISOString() }] : []),
      ]);
    const invitation = await inviteFirstOwner(
      { db, clock: () => now, baseUrl: config.publicBaseUrl },
      demo.tenant.id,
    );
    return {
      adminTokenHash,
      firstBootSecrets: {
        adminToken,
        demoKey: demo.apiKey.token,
        demoWorkspace: demo.tenant.id,
        console: `${config.publicBaseUrl}/console/`,
        ownerInvitation: invitation.url,
      },
    };
  });
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
    `  Console              : ${secrets.console}`,
    `  First owner invitation: ${secrets.ownerInvitation}`,
    "    Open it once within 7 days to become the demo workspace's owner (choose your email and",
    '    password), then sign in at the console with workspace "demo". Lost it? Make another with',
    '    opendpp members invite --workspace <demo workspace id> --email <you@example.com>',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
