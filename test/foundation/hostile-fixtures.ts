// The records the hostile routes reach: a workspace with an operator, a facility, members,
// passports, a unit and a captured event, beside a second workspace. Each route that changes state
// one way (status moves, AAS ingest, EN 18222 patches) gets a passport of its own, so the others
// stay writable while the properties run.
import { randomUUID } from 'node:crypto';
import type { App } from '../../src/context.ts';
import { passportToEnvironment } from '../../src/domain/aas/index.ts';
import { objectEvent } from '../../src/domain/traceability/samples.ts';
import { BASE_URL, bearer, createWorkspace } from '../helpers/app.ts';
import { addMember, session } from '../helpers/console.ts';
import { createFacility, createPassport } from '../helpers/passports.ts';
import { createUnit, unitWorkspace } from '../helpers/units.ts';
import type { Path } from './hostile-types.ts';

type Passport = Awaited<ReturnType<typeof createPassport>>;

export interface HostileFixtures {
  token: string;
  /** A session JWT of a member of the workspace who manages members. */
  sessionToken: string;
  /** The workspaces the routes write to. */
  tenants: string[];
  other: { id: string };
  operatorId: string;
  facility: { id: string };
  /** A member the session may change. */
  staff: { id: string };
  passport: Passport;
  statusPassport: Passport;
  unit: { id: string };
  lineageEvent: string;
  /** The AAS environment of a passport of its own, and the path of its productId element. */
  aasEnvironment: Record<string, unknown>;
  aasElement: Path;
  lifeCyclePassport: Passport;
}

/** Makes the records, in the order the routes were first written against. */
export async function hostileFixtures(app: App): Promise<HostileFixtures> {
  const { workspace, passport } = await unitWorkspace(app);
  const other = await createWorkspace(app);
  const token = workspace.token;
  const tenants = [workspace.id, other.id];
  const operatorId = (passport.economicOperator as { id: string }).id;
  const facility = await createFacility(app, workspace);
  await addMember(app, workspace, 'hostile-admin@example.com');
  const staff = await addMember(app, workspace, 'hostile-staff@example.com', 'AUDITOR');
  const sessionToken = (await session(app, workspace, 'hostile-admin@example.com')).token;
  // Status moves are one-way: they get a passport of their own so the others stay writable.
  const statusPassport = await createPassport(app, token);
  const unit = await createUnit(app, token, passport.id);
  const captured = await app.inject({
    method: 'POST',
    url: '/api/v1/events',
    headers: { authorization: `Bearer ${token}` },
    payload: objectEvent({ eventID: `urn:uuid:${randomUUID()}` }),
  });
  const lineageEvent = captured.json().events[0].id as string;
  // AAS ingest re-ingests one passport's environment: each accepted body is a versioned update.
  const aasPassport = await createPassport(app, token);
  const aasDocument = (
    await app.inject({ method: 'GET', url: `/api/v1/passports/${aasPassport.id}`, headers: bearer(token) })
  ).json() as Record<string, unknown>;
  const aasEnvironment = passportToEnvironment(aasDocument, { baseUrl: BASE_URL }) as Record<string, unknown>;
  const aasSubmodels = aasEnvironment.submodels as { idShort?: string; submodelElements?: unknown[] }[];
  const passportSubmodel = aasSubmodels.findIndex(
    (submodel) => submodel.idShort === 'DigitalProductPassport',
  );
  const productIdElement = (aasSubmodels[passportSubmodel]?.submodelElements ?? []).findIndex(
    (element) => (element as { idShort?: string }).idShort === 'productId',
  );
  const aasElement = ['submodels', passportSubmodel, 'submodelElements', productIdElement];
  // EN 18222 writes patch a passport of their own.
  const lifeCyclePassport = await createPassport(app, token);
  return {
    token,
    sessionToken,
    tenants,
    other,
    operatorId,
    facility,
    staff,
    passport,
    statusPassport,
    unit,
    lineageEvent,
    aasEnvironment,
    aasElement,
    lifeCyclePassport,
  };
}
