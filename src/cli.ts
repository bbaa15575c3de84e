// `opendpp`: admin tasks over a running node's HTTP admin API (the embedded store belongs to the
// running service, so the CLI never opens it), `migrate` for a PostgreSQL DATABASE_URL, and `verify`
// of a sealed passport document offline.
import { parseArgs } from 'node:util';

const USAGE = `Usage: opendpp <command> [options]

  workspaces create --name NAME --subdomain SUB --tier starter|growth|scale|enterprise
  workspaces list
  workspaces update --workspace ID [--tier TIER] [--subscription active|past_due|canceled]
                    [--mfa-required true|false] [--passport-limit N]
                    [--gs1-prefixes P1,P2,...]  the workspace's whole set of GS1 Company
                               Prefixes (4 to 12 digits each; "" clears it)
  keys create --workspace ID --name NAME [--role ROLE] [--permissions a,b] [--operator ID] [--expires ISO]
  keys list --workspace ID
  keys revoke --workspace ID --key KEY_ID
  members invite --workspace ID --email EMAIL [--role ROLE] [--manage-members true|false]
                               an invitation link to the console, shown once (the first member)
  gs1 conflicts                GS1 keys held by several workspaces, and passports under
                               another workspace's GS1 Company Prefix
  trusted-issuers add --name NAME --issuer ISS --keys FILE --types VCT1,VCT2
                      --tier legitimate-interest|authority [--countries DE,FR]
                               trust a credential issuer (docs/credential-access.md); FILE is its
                               JWKS (JSON) or the PEM chain whose root is pinned
  trusted-issuers list
  trusted-issuers remove --id ID
                               stop trusting an issuer: its credential sessions end at once
  migrate                      apply migrations to DATABASE_URL
  backup export --workspace ID > archive.tar
                               every sealed passport version, units and the seal CA of a
                               workspace, as a verifiable archive (docs/backup.md)
  backup verify ARCHIVE.tar [--ca CA.pem]
                               check an archive offline: manifest, hashes, every seal against
                               the origin's seal CA given with --ca (the archive's ca.pem must be
                               that certificate); without --ca against the archive's own ca.pem,
                               which proves only that the archive agrees with itself (caPinned:
                               false, and a line on stderr says so); exit status 0 when valid,
                               1 when not
  registry record PASSPORT_ID  a passport's EU registry record, its checks, whether it is ready
                               and whether an update is due (docs/registry.md)
  registry submissions --status ready|updateDue [--format json|xml] [--units] > files.zip
                               the files to upload to the EU registry, at most 100 registrations
                               each, as a ZIP
  verify FILE.json [--ca CA.pem] [--require-timestamp]
                               verify a sealed passport document offline (full or masked);
                               --require-timestamp: a seal without an RFC 3161 timestamp is invalid;
                               exit status 0 when valid, 1 when not

Output: JSON on stdout. A command that makes a token (workspaces create, keys create) puts it at
the top level as "token" (workspaces create also keeps it at apiKey.token); on a terminal a line on
stderr repeats it, and the invitation link of members invite, as shown once.

Environment: OPENDPP_URL (default http://127.0.0.1:3000), PLATFORM_ADMIN_TOKEN; the registry
commands call the workspace API with OPENDPP_API_KEY instead.`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    name: { type: 'string' },
    subdomain: { type: 'string' },
    tier: { type: 'string' },
    workspace: { type: 'string' },
    role: { type: 'string' },
    permissions: { type: 'string' },
    operator: { type: 'string' },
    expires: { type: 'string' },
    key: { type: 'string' },
    ca: { type: 'string' },
    subscription: { type: 'string' },
    'mfa-required': { type: 'string' },
    'passport-limit': { type: 'string' },
    'gs1-prefixes': { type: 'string' },
    issuer: { type: 'string' },
    keys: { type: 'string' },
    types: { type: 'string' },
    countries: { type: 'string' },
    id: { type: 'string' },
    email: { type: 'string' },
    'manage-members': { type: 'string' },
    'require-timestamp': { type: 'boolean' },
    status: { type: 'string' },
    format: { type: 'string' },
    units: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});

class UsageError extends Error {}

function required(name: keyof typeof values): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

function adminBase(): { base: string; token: string } {
  const base = (process.env.OPENDPP_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
  const token = process.env.PLATFORM_ADMIN_TOKEN;
  if (!token) throw new UsageError('PLATFORM_ADMIN_TOKEN is not set');
  return { base, token };
}

/** Writes a workspace's archive to standard output, as the node sends it. */
async function exportArchive(workspaceId: string): Promise<void> {
  const { base, token } = adminBase();
  const path = `/admin/v1/workspaces/${encodeURIComponent(workspaceId)}/backup-archive`;
  const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  await new Promise<void>((resolve, reject) =>
    process.stdout.write(bytes, (error) => (error ? reject(error) : resolve())),
  );
}

/** A workspace API call with OPENDPP_API_KEY: the answer's bytes, or an error naming its status. */
async function callWorkspace(path: string): Promise<Buffer> {
  const base = (process.env.OPENDPP_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
  const key = process.env.OPENDPP_API_KEY;
  if (!key) throw new UsageError('OPENDPP_API_KEY is not set');
  const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${key}` } });
  const bytes = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${bytes.toString('utf8')}`);
  return bytes;
}

/** Writes the registry upload files (a ZIP) to standard output. */
async function registrySubmissions(): Promise<void> {
  const status = required('status');
  if (status !== 'ready' && status !== 'updateDue') throw new UsageError('--status takes ready or updateDue');
  const format = values.format ?? 'json';
  if (format !== 'json' && format !== 'xml') throw new UsageError('--format takes json or xml');
  const query = new URLSearchParams({ status, format, ...(values.units ? { units: 'true' } : {}) });
  const bytes = await callWorkspace(`/api/v1/registry/submissions?${query}`);
  await new Promise<void>((resolve, reject) =>
    process.stdout.write(bytes, (error) => (error ? reject(error) : resolve())),
  );
}

/** What a command answers when it wrote its own output (an archive) and nothing more is printed. */
const WRITTEN = Symbol('written');

async function callAdmin(method: string, path: string, body?: unknown): Promise<unknown> {
  const { base, token } = adminBase();
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : { success: true };
}

function flag(name: 'mfa-required' | 'manage-members'): boolean | undefined {
  const value = values[name];
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw new UsageError(`--${name} takes true or false`);
  return value === 'true';
}

/** A comma-separated option as a list; empty items (a trailing comma, or "") are dropped. */
const listOf = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

function workspaceChanges() {
  const limit = values['passport-limit'];
  if (limit !== undefined && !/^\d+$/.test(limit))
    throw new UsageError('--passport-limit takes a whole number');
  const mfaRequired = flag('mfa-required');
  const prefixes = values['gs1-prefixes'];
  const changes = {
    ...(values.tier ? { tier: values.tier } : {}),
    ...(values.subscription ? { subscriptionStatus: values.subscription } : {}),
    ...(mfaRequired !== undefined ? { mfaRequired } : {}),
    ...(limit !== undefined ? { passportLimit: Number(limit) } : {}),
    ...(prefixes !== undefined ? { gs1CompanyPrefixes: listOf(prefixes) } : {}),
  };
  if (Object.keys(changes).length === 0) {
    throw new UsageError(
      'workspaces update needs --tier, --subscription, --mfa-required, --passport-limit or --gs1-prefixes',
    );
  }
  return changes;
}

function keyBody() {
  return {
    name: required('name'),
    ...(values.role ? { role: values.role } : {}),
    ...(values.permissions ? { permissions: values.permissions.split(',').map((p) => p.trim()) } : {}),
    ...(values.operator ? { operatorId: values.operator } : {}),
    ...(values.expires ? { expiresAt: values.expires } : {}),
  };
}

/** The trust-list entry `trusted-issuers add` sends: the key file read as a JWKS, or else as PEM. */
async function trustedIssuerBody() {
  const { readFile } = await import('node:fs/promises');
  const text = await readFile(required('keys'), 'utf8');
  let keys: unknown = text;
  if (!text.includes('-----BEGIN')) {
    try {
      keys = JSON.parse(text);
    } catch {
      throw new UsageError('--keys must name a JWKS (JSON) or a PEM certificate chain');
    }
  }
  return {
    name: required('name'),
    issuer: required('issuer'),
    keys,
    credentialTypes: listOf(required('types')),
    accessTier: required('tier'),
    ...(values.countries ? { countries: listOf(values.countries) } : {}),
  };
}

async function run(): Promise<unknown> {
  const [area, action] = positionals;
  const workspacePath = () => `/admin/v1/workspaces/${encodeURIComponent(required('workspace'))}`;
  switch (`${area} ${action ?? ''}`.trim()) {
    case 'workspaces create':
      return callAdmin('POST', '/admin/v1/workspaces', {
        name: required('name'),
        subdomain: required('subdomain'),
        tier: required('tier'),
      });
    case 'workspaces list':
      return callAdmin('GET', '/admin/v1/workspaces?limit=200');
    case 'workspaces update':
      return callAdmin('PATCH', workspacePath(), workspaceChanges());
    case 'keys create':
      return callAdmin('POST', `${workspacePath()}/keys`, keyBody());
    case 'keys list':
      return callAdmin('GET', `${workspacePath()}/keys`);
    case 'keys revoke':
      return callAdmin('DELETE', `${workspacePath()}/keys/${encodeURIComponent(required('key'))}`);
    case 'members invite': {
      const manageMembers = flag('manage-members');
      return callAdmin('POST', `${workspacePath()}/members`, {
        email: required('email'),
        ...(values.role ? { role: values.role } : {}),
        ...(manageMembers !== undefined ? { manageMembers } : {}),
      });
    }
    case 'gs1 conflicts':
      return callAdmin('GET', '/admin/v1/gs1/conflicts');
    case 'trusted-issuers add':
      return callAdmin('POST', '/admin/v1/trusted-issuers', await trustedIssuerBody());
    case 'trusted-issuers list':
      return callAdmin('GET', '/admin/v1/trusted-issuers');
    case 'trusted-issuers remove':
      return callAdmin('DELETE', `/admin/v1/trusted-issuers/${encodeURIComponent(required('id'))}`);
    case 'migrate': {
      const url = process.env.DATABASE_URL;
      if (!url)
        throw new UsageError('migrate needs DATABASE_URL (the embedded store migrates itself at boot)');
      // Loaded here only: every other command is a plain HTTP call and starts in a fraction of a second.
      const { openDatabase } = await import('./db/client.ts');
      const database = await openDatabase({ databaseUrl: url });
      await database.close();
      return { success: true, migrated: true };
    }
    case 'backup export':
      await exportArchive(required('workspace'));
      return WRITTEN;
    case 'backup verify': {
      const file = positionals[2];
      if (!file) throw new UsageError('backup verify needs the path of an archive (tar)');
      const { verifyArchiveFile } = await import('./backup-verify-file.ts');
      const result = await verifyArchiveFile(file, values.ca ? { caPath: values.ca } : {});
      if (!result.valid) process.exitCode = 1;
      // Not only on a terminal: a script that forgot --ca should hear it too, beside the JSON.
      if (!result.caPinned)
        process.stderr.write(
          "opendpp: no --ca given, so this trusted the CA the archive brings (ca.pem): it shows the archive agrees with itself, not that it is the origin's; pin the origin's seal CA with --ca\n",
        );
      return result;
    }
    case 'registry record': {
      const id = positionals[2];
      if (!id) throw new UsageError('registry record needs the id of a passport');
      return JSON.parse(
        (await callWorkspace(`/api/v1/passports/${encodeURIComponent(id)}/registry-record`)).toString('utf8'),
      );
    }
    case 'registry submissions':
      await registrySubmissions();
      return WRITTEN;
    case `verify ${action ?? ''}`.trim(): {
      if (!action) throw new UsageError('verify needs the path of a document (JSON)');
      const { verifyFile } = await import('./verify-file.ts');
      const result = await verifyFile(action, {
        ...(values.ca ? { caPath: values.ca } : {}),
        requireTimestamp: values['require-timestamp'] === true,
      });
      if (!result.valid) process.exitCode = 1;
      return result;
    }
    default:
      throw new UsageError(area ? `unknown command: ${positionals.join(' ')}` : 'no command given');
  }
}

/**
 * Every command that makes a token prints it the same way: `token` at the top of its JSON (a new
 * workspace's key keeps `.apiKey.token` too, for scripts written before), and, when a person reads
 * the output on a terminal, a line on stderr saying it is shown once.
 */
function withTopLevelToken(result: unknown): unknown {
  if (typeof result !== 'object' || result === null || 'token' in result) return result;
  const apiKey = (result as { apiKey?: { token?: unknown } }).apiKey;
  return typeof apiKey?.token === 'string' ? { token: apiKey.token, ...result } : result;
}

function humanLines(result: unknown): string[] {
  if (typeof result !== 'object' || result === null) return [];
  const { token, url } = result as { token?: unknown; url?: unknown };
  const lines: string[] = [];
  if (typeof token === 'string') lines.push(`API token (shown once, keep it now): ${token}`);
  if (typeof url === 'string' && url.includes('/console/invitations/'))
    lines.push(`Invitation link (shown once, works once within 7 days): ${url}`);
  return lines;
}

if (values.help) {
  process.stdout.write(`${USAGE}\n`);
} else {
  run()
    .then((answer) => {
      if (answer === WRITTEN) return;
      const result = withTopLevelToken(answer);
      process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
      if (process.stdout.isTTY) for (const line of humanLines(result)) process.stderr.write(`${line}\n`);
    })
    .catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      process.stderr.write(`opendpp: ${message}\n`);
      if (error instanceof UsageError) process.stderr.write(`\n${USAGE}\n`);
      process.exitCode = error instanceof UsageError ? 2 : 1;
    });
}
