// Registry readiness in the console (docs/registry.md): the overview of the workspace's passports
// (ready, not ready, registered, update due; which are not ready and why, which are due an update)
// with the upload files, and a registration recorded by hand from the passport's page, with the
// registry's proof uploaded. Through the node's own API, but for the overview: its lists are not an
// API answer, so the page asks the registry's service as the member, refused as the API's overview
// refuses (plan, then permission).
import type { FastifyReply } from 'fastify';
import type { App, AppContext } from '../../context.ts';
import { type Actor, actorFromPrincipal } from '../../core/actor.ts';
import { AppError } from '../../core/errors.ts';
import { permissionRefusal } from '../../domain/auth/permission-refusal.ts';
import { PLANS } from '../../domain/auth/plans.ts';
import {
  type ListedPassport,
  MAX_PROOF_BYTES,
  type RegistryContext,
  readinessOverview,
} from '../registry/service.ts';
import { pageFrames, type SignedInPage } from './frame.ts';
import {
  apiMessage,
  callApi,
  checkFormCsrf,
  type Inject,
  MEMBER_PAGE,
  PAGE_ANSWERS,
  type PageFrame,
  PassportParams,
  renderPage,
  seeOther,
} from './pages.ts';
import { passportView } from './passport-view.ts';
import type { SessionService } from './sessions.ts';
import { postedForm, UPLOAD_ANSWERS } from './upload.ts';

const passportPath = (id: string) => `/console/passports/${encodeURIComponent(id)}`;

/** The registration the form asks for: its fields, and the proof file as base64 when one came. */
function registrationOf(fields: URLSearchParams, file: Buffer | null) {
  const registeredAt = fields.get('registeredAt') ?? '';
  const day = /^\d{4}-\d{2}-\d{2}$/.test(registeredAt) ? `${registeredAt}T00:00:00.000Z` : registeredAt;
  return {
    registrationId: (fields.get('registrationId') ?? '').trim(),
    registeredAt: day,
    version: Number(fields.get('version') ?? ''),
    ...(file ? { proof: file.toString('base64') } : {}),
  };
}

/** The member as the overview's reader, refused as `GET /api/v1/registry/overview` refuses. */
function overviewReader(page: SignedInPage): Actor {
  const { tenant, member } = page.principal;
  if (!PLANS[tenant.tier].apiAccess) {
    throw new AppError(
      'PLAN_NO_API_ACCESS',
      `The ${tenant.tier} plan has no API access; upgrade to growth or above`,
    );
  }
  if (!member.permissions.includes('passport:read')) {
    throw new AppError(
      'INSUFFICIENT_PERMISSION',
      permissionRefusal(
        'session',
        'passport:read',
        { method: 'GET', url: '/api/v1/registry/overview' },
        member.permissions,
      ),
    );
  }
  return actorFromPrincipal(page.principal);
}

/** A listed passport as the page shows it: its name, and its first failed check in its words. */
function listedRow(passport: ListedPassport, tr: SignedInPage['t']) {
  const [first, ...others] = passport.failed;
  return {
    id: passport.id,
    href: passportPath(passport.id),
    name: passport.name ?? passport.productId,
    productId: passport.productId,
    version: passport.version,
    first: first
      ? { code: first.code, label: tr(`registry.checks.${first.code}`), message: first.message }
      : null,
    others: others.map((check) => tr(`registry.checks.${check.code}`)),
  };
}

type MemberPage = ReturnType<typeof pageFrames>['memberPage'];

/** The passport's page again with the API's refusal, under its status. */
async function refused(
  context: AppContext,
  inject: Inject,
  answer: { page: SignedInPage; reply: FastifyReply; frame: PageFrame },
  id: string,
  status: number,
  message: string,
) {
  const { page, reply, frame } = answer;
  const view = await passportView(context, inject, page, id);
  const shown = status in UPLOAD_ANSWERS ? status : 400;
  return renderPage(
    reply,
    shown,
    'passport',
    { ...frame, title: view.title },
    { ...view.data, error: message },
  );
}

export async function registryPages(
  app: App,
  context: AppContext,
  sessions: SessionService,
  inject: Inject,
  registry: RegistryContext,
) {
  const { memberPage } = pageFrames(sessions, context.clock);
  registrationPage(app, context, sessions, inject, memberPage);
  overviewPage(app, registry, memberPage);
}

/** A registration recorded by hand from the passport's page, with the registry's proof. */
function registrationPage(
  app: App,
  context: AppContext,
  sessions: SessionService,
  inject: Inject,
  memberPage: MemberPage,
) {
  app.post(
    '/console/passports/:id/registrations',
    {
      config: { access: MEMBER_PAGE },
      schema: { hide: true, params: PassportParams, response: UPLOAD_ANSWERS },
    },
    async (request, reply) =>
      memberPage(request, reply, 'passports.one', async (page, frame) => {
        const id = request.params.id;
        const shown = { page, reply, frame };
        let body: ReturnType<typeof registrationOf>;
        try {
          // The proof may be as large as the API takes (5 MiB), not only the console's usual 1 MiB.
          const form = await postedForm(
            request,
            page,
            'passport:update',
            (fields) => checkFormCsrf(page.principal, fields, sessions.keys.sameCsrfToken),
            MAX_PROOF_BYTES,
          );
          body = registrationOf(form.fields, form.file);
        } catch (error) {
          if (error instanceof AppError && (error.status === 400 || error.status === 413))
            return refused(context, inject, shown, id, error.status, error.message);
          throw error;
        }
        const answer = await callApi(inject, page.principal, 'POST', '/api/v1/passports/{id}/registrations', {
          params: { id: encodeURIComponent(id) },
          payload: body,
        });
        if (answer.status !== 201)
          return refused(context, inject, shown, id, answer.status, apiMessage(answer.body));
        return seeOther(reply, `${passportPath(id)}?done=registered#registry`);
      }),
  );
}

/** The workspace's overview: the counts, the passports not ready and due an update, the files. */
function overviewPage(app: App, registry: RegistryContext, memberPage: MemberPage) {
  app.get(
    '/console/registry',
    { config: { access: MEMBER_PAGE }, schema: { hide: true, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'registry.overviewTitle', async (page, frame) => {
        const overview = await readinessOverview(registry, overviewReader(page));
        const list = (of: typeof overview.notReady) => ({
          total: of.total,
          rest: of.total - of.passports.length,
          passports: of.passports.map((passport) => listedRow(passport, page.t)),
        });
        return renderPage(reply, 200, 'registry', frame, {
          counts: overview.counts,
          notReady: list(overview.notReady),
          updateDue: list(overview.updateDue),
        });
      }),
  );
}
