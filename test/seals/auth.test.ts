// The shared authentication contract on the workspace's signing-key route.
import { describe } from 'vitest';
import { authContract } from '../helpers/auth-contract.ts';

describe('POST /api/v1/tenants/rotate-keys', () => {
  authContract({
    method: 'POST',
    path: '/api/v1/tenants/rotate-keys',
    url: () => '/api/v1/tenants/rotate-keys',
    permission: 'tenant:manage',
  });
});
