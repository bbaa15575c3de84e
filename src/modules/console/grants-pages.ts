// Access grants in the console: the list of pending requests and decided grants with the form that
// issues a grant (its token shown once), and the moves a member makes from the list: approve, deny,
// and revoke after a confirmation step. Every action goes through the grants API as the member.
import type { App, AppContext } from '../../context.ts';
import { REQUESTER_ROLES } from '../grants/service.ts';
import { apiRefusal, expectStatus } from './api-refusal.ts';
import { confirmPage, isConfirmed } from './confirm-step.ts';
import { withFlash } from './flash.ts';
import { formPage } from './form-page.ts';
import { pageFrames, type SignedInPage } from './frame.ts';
import { expiryOf } from './keys-pages.ts';
import {
  apiMessage,
  callApi,
  checkFormCsrf,
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
const TIERS = ['legitimate-interest', 'authority'];
const SCOPES = ['passport', 'operator', 'workspace'];

/** The grants API's body for the issue form: empty optional fields left out, the scope's one id. */
function issueBody(form: Record<string, string>) {
  const text = (name: string) => (form[name] ?? '').trim();
  const grantee: Record<string, string> = { name: text('granteeName') };
  for (const [field, name] of [
    ['email', 'granteeEmail'],
    ['organisation', 'granteeOrganisation'],
    ['role', 'granteeRole'],
  ] as const) {
    if (text(name)) grantee[field] = text(name);
  }
  const expiresAt = expiryOf(text('expiresAt'));
  const scope = form.scope ?? 'passport';
  return {
    tier: form.tier ?? '',
    grantee,
    purpose: text('purpose'),
    ...(scope === 'passport' ? { passportId: text('passportId') } : {}),
    ...(scope === 'operator' ? { operatorId: text('operatorId') } : {}),
    ...(expiresAt ? { expiresAt } : {}),
  };
}

export async function grantPages(app: App, context: AppContext, sessions: SessionService, inject: Inject) {
  grantListPage(app, context, sessions, inject);
  grantMovePages(app, context, sessions, inject);
}

/** The grants page's model: requests and grants, and what the form offers to issue one. */
async function grantsPage(inject: Inject, page: SignedInPage, extra: Record<string, unknown> = {}) {
  const [list, operators] = await Promise.all([
    callApi(inject, page.principal, 'GET', '/api/v1/grants'),
    callApi(inject, page.principal, 'GET', '/api/v1/operators', { query: 'limit=200' }),
  ]);
  const { grants } = expectStatus(list, 200);
  const operatorList = operators.status === 200 ? operators.body.operators : [];
  return {
    pending: grants.filter((grant) => grant.status === 'pending'),
    decided: grants.filter((grant) => grant.status !== 'pending'),
    operators: operatorList,
    operatorNames: Object.fromEntries(operatorList.map((operator) => [operator.id, operator.name])),
    tiers: TIERS,
    scopes: SCOPES,
    requesterRoles: REQUESTER_ROLES,
    form: { scope: 'passport', tier: 'legitimate-interest' },
    ...extra,
  };
}

/** The grants list, and a grant issued from its form. */
function grantListPage(app: App, context: AppContext, sessions: SessionService, inject: Inject) {
  const { memberPage } = pageFrames(sessions, context.clock);

  app.get(
    '/console/grants',
    { config: { access: MEMBER_PAGE }, schema: { hide, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'trust.grants.title', async (page, frame) =>
        renderPage(reply, 200, 'grants', frame, await grantsPage(inject, page)),
      ),
  );

  app.post(
    '/console/grants',
    { config: { access: MEMBER_PAGE }, schema: { hide, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'trust.grants.title', async (page, frame) => {
        const form = formFields(request.body);
        return formPage(reply, frame, {
          check: () => checkFormCsrf(page.principal, request.body, sessions.keys.sameCsrfToken),
          send: () => callApi(inject, page.principal, 'POST', '/api/v1/grants', { payload: issueBody(form) }),
          accepted: 201,
          done: async (issued) =>
            renderPage(reply, 201, 'grants', frame, await grantsPage(inject, page, { issued: issued.body })),
          view: 'grants',
          again: async (refused) => ({
            ...(await grantsPage(inject, page, { form })),
            error: apiMessage(refused.body),
          }),
        });
      }),
  );
}

/** The three moves of the state table a member makes from the list; the API refuses the others. */
function grantMovePages(app: App, context: AppContext, sessions: SessionService, inject: Inject) {
  const { memberPage } = pageFrames(sessions, context.clock);
  const moves = [
    ['approve', 'POST', '/api/v1/grants/{id}/approve'],
    ['deny', 'POST', '/api/v1/grants/{id}/deny'],
    ['revoke', 'DELETE', '/api/v1/grants/{id}'],
  ] as const;
  const FLASH_OF = { approve: 'grantApproved', deny: 'grantDenied', revoke: 'grantRevoked' } as const;
  for (const [move, method, path] of moves) {
    app.post(
      `/console/grants/:id/${move}`,
      { config: { access: MEMBER_PAGE }, schema: { hide, params: UuidParams, response: PAGE_ANSWERS } },
      async (request, reply) =>
        memberPage(request, reply, 'trust.grants.title', async (page, frame) => {
          checkFormCsrf(page.principal, request.body, sessions.keys.sameCsrfToken);
          const id = request.params.id;
          // Revoking ends a holder's access at once: asked first, naming the holder.
          if (move === 'revoke' && !isConfirmed(request.body)) {
            const listed = await callApi(inject, page.principal, 'GET', '/api/v1/grants');
            const grant = expectStatus(listed, 200).grants.find((candidate) => candidate.id === id);
            if (!grant) throw apiRefusal({ status: 404, body: { message: 'Grant not found' } });
            return confirmPage(
              reply,
              { ...frame, title: page.t('confirm.title', { name: grant.grantee.name }) },
              {
                question: page.t('confirm.revokeGrant', { name: grant.grantee.name }),
                consequence: page.t('confirm.revokeGrantConsequence'),
                action: `/console/grants/${id}/revoke`,
                confirmLabel: page.t('trust.grants.revokeNamed', { name: grant.grantee.name }),
                back: '/console/grants',
              },
            );
          }
          const answer = await callApi(inject, page.principal, method, path, { params: { id } });
          if (answer.status !== 200) throw apiRefusal(answer);
          return seeOther(reply, withFlash('/console/grants', FLASH_OF[move]));
        }),
    );
  }
}
