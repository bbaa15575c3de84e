// The shared authentication contract on the route that seals a passport.
import { describe } from 'vitest';
import type { App } from '../../src/context.ts';
import type { TestWorkspace } from '../helpers/app.ts';
import { authContract } from '../helpers/auth-contract.ts';
import { createOperator, createPassport } from '../helpers/passports.ts';

const sealUrl = async (app: App, workspace: TestWorkspace) => {
  await createOperator(app, workspace);
  return `/api/v1/passports/${(await createPassport(app, workspace.token)).id}/seal`;
};

describe('POST /api/v1/passports/{id}/seal', () => {
  authContract({
    method: 'POST',
    path: '/api/v1/passports/{id}/seal',
    url: sealUrl,
    permission: 'passport:seal',
    foreignUrl: sealUrl,
  });
});
