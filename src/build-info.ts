// Build identity for GET /api/v1/version when BUILD_COMMIT/BUILD_TIME are not set: the checkout's
// own commit, read once at boot. A tree without git reports "unknown".
import { execFileSync } from 'node:child_process';

function git(...args: string[]): string | undefined {
  try {
    return (
      execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || undefined
    );
  } catch {
    return undefined;
  }
}

export function buildInfoFromGit(): { buildCommit?: string; buildTime?: string } {
  const buildCommit = git('rev-parse', 'HEAD');
  const buildTime = git('log', '-1', '--format=%cI');
  return { ...(buildCommit ? { buildCommit } : {}), ...(buildTime ? { buildTime } : {}) };
}
