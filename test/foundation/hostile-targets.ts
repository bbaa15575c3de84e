// What the no-500 properties feed: every write route with a body it accepts and the fields to spoil
// (each with its hostile class), every route with an id in its path, every list with its query
// keys. The records they reach are made once (hostile-fixtures.ts); the routes are listed by kind
// beside it, and the store fingerprint that tells a refused write left nothing behind is in
// store-fingerprint.ts.
import type { App } from '../../src/context.ts';
import { hostileFixtures } from './hostile-fixtures.ts';
import { passportWrites } from './hostile-passport-writes.ts';
import { listRoutes, pathRoutes } from './hostile-paths.ts';
import type { ListRoute, PathRoute, WriteRoute } from './hostile-types.ts';
import { workspaceWrites } from './hostile-workspace-writes.ts';

export interface HostileTargets {
  token: string;
  /** A session JWT of a member of the workspace who manages members. */
  sessionToken: string;
  /** The workspaces the routes write to. */
  tenants: string[];
  writes: WriteRoute[];
  pathRoutes: PathRoute[];
  lists: ListRoute[];
}

/** A workspace with an operator, a facility, passports and a unit, and the routes that reach them. */
export async function hostileTargets(app: App): Promise<HostileTargets> {
  const fixtures = await hostileFixtures(app);
  const { token, sessionToken, tenants } = fixtures;
  return {
    token,
    sessionToken,
    tenants,
    writes: [...workspaceWrites(fixtures), ...passportWrites(fixtures)],
    pathRoutes: pathRoutes(fixtures),
    lists: listRoutes(fixtures),
  };
}
