// The console's overview (`/console/`): the workspace at a glance, each figure linking to its list:
// passports by status, the plan's quota used, access requests waiting for a decision, webhook
// deliveries that failed, and what changed last. Figures the member's permissions do not cover
// are left out rather than refused.
import type { App, AppContext } from '../../context.ts';
import { t } from '../../core/i18n.ts';
import { PASSPORT_STATUSES } from '../../domain/passports/lifecycle.ts';
import { recentChanges } from '../audit/service.ts';
import { activitySentence } from './activity-words.ts';
import { pageFrames, type SignedInPage } from './frame.ts';
import { listMembers } from './members.ts';
import { callApi, type Inject, MEMBER_PAGE, PAGE_ANSWERS, renderPage } from './pages.ts';
import { passportName } from './passport-view.ts';
import type { SessionService } from './sessions.ts';
import { authorName } from './version-rows.ts';

const SUBJECTS = new Set([
  'passport',
  'operator',
  'facility',
  'webhook',
  'member',
  'grant',
  'key',
  'batteryunit',
]);

/** Failed deliveries counted on the overview; past this it says "200 or more". */
const DELIVERY_PAGE = 200;

/** Where an audit event's subject is shown in the console, when it has a page there. */
const SUBJECT_PAGES: Record<string, (id: string) => string> = {
  passport: (id) => `/console/passports/${id}`,
  operator: (id) => `/console/operators/${id}`,
  facility: (id) => `/console/facilities/${id}`,
  webhook: (id) => `/console/webhooks/${id}`,
};

/**
 * The names of the passports recent changes touched, read as the member (one read per passport,
 * at most the ten changes shown): people know their passports by product, not by UUID. A passport
 * gone or out of the member's reach keeps its bare link.
 */
async function passportNames(
  inject: Inject,
  page: SignedInPage,
  changes: readonly { subjectType: string; subjectId: string }[],
): Promise<Map<string, string>> {
  const ids = [...new Set(changes.filter((c) => c.subjectType === 'passport').map((c) => c.subjectId))];
  const answers = await Promise.all(
    ids.map((id) => callApi(inject, page.principal, 'GET', '/api/v1/passports/{id}', { params: { id } })),
  );
  const names = new Map<string, string>();
  answers.forEach((answer, index) => {
    const id = ids[index];
    if (answer.status === 200 && id) names.set(id, passportName(answer.body));
  });
  return names;
}

async function overview(context: AppContext, inject: Inject, page: SignedInPage) {
  const { principal } = page;
  const [counts, whoami, grants, failed, changes, people] = await Promise.all([
    Promise.all(
      PASSPORT_STATUSES.map((status) =>
        callApi(inject, principal, 'GET', '/api/v1/passports', { query: `status=${status}&limit=1` }),
      ),
    ),
    callApi(inject, principal, 'GET', '/api/v1/whoami'),
    callApi(inject, principal, 'GET', '/api/v1/grants'),
    callApi(inject, principal, 'GET', '/api/v1/webhooks/deliveries', {
      query: `status=failed&limit=${DELIVERY_PAGE}`,
    }),
    recentChanges(context.db, principal.tenant.id, 10),
    listMembers(context, principal.tenant.id),
  ]);
  const names = await passportNames(inject, page, changes);
  const byStatus = PASSPORT_STATUSES.map((status, index) => {
    const answer = counts[index];
    return {
      status,
      label: t(page.lang, `passportPage.statuses.${status}`),
      count: answer?.status === 200 ? answer.body.total : null,
    };
  });
  const usage = whoami.status === 200 ? whoami.body.usage : null;
  return {
    byStatus: byStatus.every((entry) => entry.count === null) ? [] : byStatus,
    usage: usage
      ? {
          ...usage,
          percent:
            usage.passportLimit > 0 ? Math.round((usage.activePassports / usage.passportLimit) * 100) : 0,
        }
      : null,
    pendingRequests:
      grants.status === 200 ? grants.body.grants.filter((grant) => grant.status === 'pending').length : null,
    failedDeliveries:
      failed.status === 200
        ? { count: failed.body.deliveries.length, more: failed.body.nextCursor !== null }
        : null,
    changes: changes.map((change) => {
      const by = authorName(change.actor, people, { t: page.t, status: (code) => code });
      const named = change.subjectType === 'passport' ? names.get(change.subjectId) : undefined;
      return {
        ...change,
        by,
        href: SUBJECT_PAGES[change.subjectType]?.(change.subjectId) ?? null,
        // A subject without a name of its own is named by its kind ("an operator").
        name:
          named ??
          t(
            page.lang,
            `console.words.subject.${SUBJECTS.has(change.subjectType) ? change.subjectType : 'other'}`,
          ),
        sentence: activitySentence(page.lang, change, by),
      };
    }),
  };
}

export async function overviewPages(app: App, context: AppContext, sessions: SessionService, inject: Inject) {
  const { memberPage } = pageFrames(sessions, context.clock);

  app.get(
    '/console',
    { config: { access: MEMBER_PAGE }, schema: { hide: true, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'home.title', async (page, frame) =>
        renderPage(reply, 200, 'home', frame, await overview(context, inject, page)),
      ),
  );
}
