// API keys in the console: the list with the form that creates a key (its secret shown once), and a
// key revoked after a confirmation step. Every action goes through the keys API as the member.
import type { App, AppContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { PERMISSIONS, ROLE_PERMISSIONS, ROLES } from '../../domain/auth/permissions.ts';
import { confirmPage, isConfirmed } from './confirm-step.ts';
import { withFlash } from './flash.ts';
import { formPage } from './form-page.ts';
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

/** The key form as the API's body: a field left empty is not sent. */
function keyBody(body: unknown) {
  const form = formFields(body);
  const permissions = formAll(body, 'permissions');
  const expiresAt = expiryOf(form.expiresAt);
  return {
    name: form.name ?? '',
    ...(form.role ? { role: form.role } : {}),
    ...(permissions.length > 0 ? { permissions } : {}),
    ...(form.operatorId ? { operatorId: form.operatorId } : {}),
    ...(expiresAt ? { expiresAt } : {}),
  };
}

export async function keyPages(app: App, context: AppContext, sessions: SessionService, inject: Inject) {
  keyListPage(app, context, sessions, inject);
  keyRevokePage(app, context, sessions, inject);
}

/** The keys page's model: the workspace's keys, and what the form offers to create one. */
async function keysPage(inject: Inject, page: SignedInPage, extra: Record<string, unknown> = {}) {
  const [keys, operators] = await Promise.all([
    callApi(inject, page.principal, 'GET', '/api/v1/keys'),
    callApi(inject, page.principal, 'GET', '/api/v1/operators', { query: 'limit=200' }),
  ]);
  if (keys.status !== 200) throw new AppError('INSUFFICIENT_PERMISSION', apiMessage(keys.body));
  return {
    // A key narrowed below its role lists the permissions it holds; one with the role's whole set
    // says so in one word.
    keys: keys.body.keys.map((key) => {
      const full: readonly string[] = ROLE_PERMISSIONS[key.role as keyof typeof ROLE_PERMISSIONS] ?? [];
      const narrowed = key.permissions.length < full.length || key.permissions.some((p) => !full.includes(p));
      return { ...key, narrowed };
    }),
    operators: operators.status === 200 ? operators.body.operators : [],
    roles: ROLES,
    permissions: PERMISSIONS,
    rolePermissions: ROLE_PERMISSIONS,
    form: {},
    ...extra,
  };
}

/** The keys list, and a key created from its form. */
function keyListPage(app: App, context: AppContext, sessions: SessionService, inject: Inject) {
  const { memberPage } = pageFrames(sessions, context.clock);

  app.get(
    '/console/keys',
    { config: { access: MEMBER_PAGE }, schema: { hide, response: PAGE_ANSWERS } },
    async (request, reply) => {
      return memberPage(request, reply, 'keys.title', async (page, frame) => {
        return renderPage(reply, 200, 'keys', frame, await keysPage(inject, page));
      });
    },
  );

  app.post(
    '/console/keys',
    { config: { access: MEMBER_PAGE }, schema: { hide, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'keys.title', async (page, frame) => {
        const form = formFields(request.body);
        return formPage(reply, frame, {
          check: () => checkFormCsrf(page.principal, request.body, sessions.keys.sameCsrfToken),
          send: () =>
            callApi(inject, page.principal, 'POST', '/api/v1/keys', { payload: keyBody(request.body) }),
          accepted: 201,
          done: async (created) =>
            renderPage(reply, 201, 'keys', frame, await keysPage(inject, page, { created: created.body })),
          view: 'keys',
          again: async (refused) => ({
            ...(await keysPage(inject, page, { form })),
            error: apiMessage(refused.body),
          }),
        });
      }),
  );
}

/** A key revoked, after a confirmation step. */
function keyRevokePage(app: App, context: AppContext, sessions: SessionService, inject: Inject) {
  const { memberPage } = pageFrames(sessions, context.clock);

  app.post(
    '/console/keys/:id/revoke',
    { config: { access: MEMBER_PAGE }, schema: { hide, params: UuidParams, response: PAGE_ANSWERS } },
    async (request, reply) => {
      return memberPage(request, reply, 'keys.title', async (page, frame) => {
        checkFormCsrf(page.principal, request.body, sessions.keys.sameCsrfToken);
        const id = request.params.id;
        if (!isConfirmed(request.body)) {
          const listed = await callApi(inject, page.principal, 'GET', '/api/v1/keys');
          const key =
            listed.status === 200 ? listed.body.keys.find((candidate) => candidate.id === id) : undefined;
          if (!key) throw new AppError('NOT_FOUND', 'API key not found');
          return confirmPage(
            reply,
            { ...frame, title: page.t('confirm.title', { name: key.name }) },
            {
              question: page.t('confirm.revokeKey', { name: key.name, prefix: key.prefix }),
              consequence: page.t('confirm.revokeKeyConsequence'),
              action: `/console/keys/${id}/revoke`,
              confirmLabel: page.t('keys.revokeNamed', { name: key.name }),
              back: '/console/keys',
            },
          );
        }
        const revoked = await callApi(inject, page.principal, 'DELETE', '/api/v1/keys/{id}', {
          params: { id },
        });
        if (revoked.status !== 204) throw new AppError('NOT_FOUND', apiMessage(revoked.body));
        return seeOther(reply, withFlash('/console/keys', 'keyRevoked'));
      });
    },
  );
}
