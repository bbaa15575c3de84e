import { describe, expect, it } from 'vitest';
import { permissionRefusal } from './permission-refusal.ts';

describe('permissionRefusal', () => {
  it('names the permission and the route in its template form', () => {
    expect(
      permissionRefusal(
        'API key',
        'passport:seal',
        { method: 'POST', url: '/api/v1/passports/:id/seal' },
        [],
      ),
    ).toBe('This API key lacks the passport:seal permission that POST /api/v1/passports/{id}/seal needs');
  });

  it('explains a look-alike only when the credential holds it', () => {
    const route = { method: 'POST', url: '/api/v1/events' };
    expect(permissionRefusal('session', 'event:write', route, ['battery:write'])).toContain(
      'battery:write covers battery unit telemetry',
    );
    expect(permissionRefusal('session', 'event:write', route, ['passport:read'])).not.toContain(';');
  });
});
