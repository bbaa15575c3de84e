import type { App, AppContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { PERMISSIONS, ROLE_PERMISSIONS, ROLES } from '../../domain/auth/permissions.ts';
import { pageFrames, type SignedInPage } from './frame.ts';
import {
  apiMessage,
  callApi,
  checkFormCsrf,
  formAll,
  formFields,
  type Inject,
  MEMBER_PAGE,
  PAGE_ANSWERS,
  renderPage,
  seeOther,
  UuidParams,
} from './pages.ts';
import type { SessionService } from './sessions.ts';

const hide = true;

/** A date from the form's date field means the end of that day, UTC. */
export function expiryOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59Z` : value;
}

export async function keyPages(app: App, context: AppContext, sessions: SessionService, inject: Inject) {
  const { signedIn, refusal, memberPage } = pageFrames(sessions, context.clock);

  async function keysPage(page: SignedInPage, extra: Record<string, unknown> = {}) {
    const [keys, operators] = await Promise.all([
      callApi(inject, page.principal, 'GET', '/api/v1/keys'),
      callApi(inject, page.principal, 'GET', '/api/v1/operators?limit=200'),
    ]);
    if (keys.status !== 200) throw new AppError('INSUFFICIENT_PERMISSION', apiMessage(keys.body));
    return {
      keys: keys.body.keys,
      operators: operators.status === 200 ? operators.body.operators : [],
      roles: ROLES,
      permissions: PERMISSIONS,
      rolePermissions: ROLE_PERMISSIONS,
      form: {},
      ...extra,
    };
  }

  app.get(
    '/console/keys',
    { config: { access: MEMBER_PAGE }, schema: { hide, response: PAGE_ANSWERS } },
    async (request, reply) => {
      return memberPage(request, reply, 'keys.title', async (page, frame) => {
        return renderPage(reply, 200, 'keys', frame, await keysPage(page));
      });
    },
  );

  app.post(
    '/console/keys',
    { config: { access: MEMBER_PAGE }, schema: { hide, response: PAGE_ANSWERS } },
    async (request, reply) => {
      const page = await signedIn(request, reply);
      if (!page) return reply;
      const frame = page.frame(page.t('keys.title'));
      const form = formFields(request.body);
      try {
        checkFormCsrf(page.principal, request.body, sessions.keys.sameCsrfToken);
        const permissions = formAll(request.body, 'permissions');
        const expiresAt = expiryOf(form.expiresAt);
        const payload = {
          name: form.name ?? '',
          ...(form.role ? { role: form.role } : {}),
          ...(permissions.length > 0 ? { permissions } : {}),
          ...(form.operatorId ? { operatorId: form.operatorId } : {}),
          ...(expiresAt ? { expiresAt } : {}),
        };
        const created = await callApi(inject, page.principal, 'POST', '/api/v1/keys', payload);
        if (created.status !== 201) {
          const model = await keysPage(page, { form });
          return renderPage(reply, created.status, 'keys', frame, {
            ...model,
            error: apiMessage(created.body),
          });
        }
        return renderPage(reply, 201, 'keys', frame, await keysPage(page, { created: created.body }));
      } catch (error) {
        return refusal(reply, error, frame, 'message', { message: '' });
      }
    },
  );

  app.post(
    '/console/keys/:id/revoke',
    { config: { access: MEMBER_PAGE }, schema: { hide, params: UuidParams, response: PAGE_ANSWERS } },
    async (request, reply) => {
      return memberPage(request, reply, 'keys.title', async (page, _frame) => {
        checkFormCsrf(page.principal, request.body, sessions.keys.sameCsrfToken);
        const revoked = await callApi(inject, page.principal, 'DELETE', `/api/v1/keys/${request.params.id}`);
        if (revoked.status !== 204) throw new AppError('NOT_FOUND', apiMessage(revoked.body));
        return seeOther(reply, '/console/keys');
      });
    },
  );
}
