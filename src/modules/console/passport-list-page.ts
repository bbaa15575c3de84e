// The console's list of passports, with status and category filters and a search: the passports API
// read as the member.
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { t } from '../../core/i18n.ts';
import type { ApiAnswer } from './api-answers.ts';
import { pageFrames, type SignedInPage } from './frame.ts';
import { apiMessage, callApi, type Inject, MEMBER_PAGE, PAGE_ANSWERS, renderPage } from './pages.ts';
import { passportName } from './passport-view.ts';
import type { SessionService } from './sessions.ts';

const hide = true;
const STATUSES = ['DRAFT', 'ACTIVE', 'RECALLED', 'DECOMMISSIONED', 'ARCHIVED'];
const ListQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(Type.String({ maxLength: 20 })),
  category: Type.Optional(Type.String({ maxLength: 64 })),
  page: Type.Optional(Type.String({ maxLength: 12 })),
  lang: Type.Optional(Type.String({ maxLength: 35 })),
});

/** The API's query of the page asked: fifty a page, the filters it knows. */
function listSearch(query: { q?: string; status?: string; category?: string; page?: string }) {
  const { q = '', status = '', category = '' } = query;
  const pageNumber = /^\d{1,9}$/.test(query.page ?? '') ? Number(query.page) : 1;
  const search = new URLSearchParams({ limit: '50', page: String(pageNumber) });
  if (q) search.set('q', q);
  if (STATUSES.includes(status)) search.set('status', status);
  if (category) search.set('category', category);
  return { pageNumber, search };
}

type Listed = Extract<ApiAnswer<'/api/v1/passports', 'GET'>, { status: 200 }>['body']['passports'][number];

const listRow = (page: SignedInPage, passport: Listed) => ({
  id: passport.id,
  name: passportName(passport),
  productId: passport.productId,
  category: passport.category,
  status: passport.status,
  statusLabel: t(page.lang, `passportPage.statuses.${passport.status}`),
  updatedAt: passport.updatedAt,
});

export async function passportListPage(
  app: App,
  context: AppContext,
  sessions: SessionService,
  inject: Inject,
) {
  const { signedIn, refusal } = pageFrames(sessions, context.clock);

  app.get(
    '/console/passports',
    { config: { access: MEMBER_PAGE }, schema: { hide, querystring: ListQuery, response: PAGE_ANSWERS } },
    async (request, reply) => {
      const page = await signedIn(request, reply);
      if (!page) return reply;
      const frame = page.frame(page.t('passports.title'));
      const { q = '', status = '', category = '' } = request.query;
      const { pageNumber, search } = listSearch(request.query);
      try {
        const list = await callApi(inject, page.principal, 'GET', '/api/v1/passports', { query: search });
        if (list.status !== 200)
          throw new AppError(
            list.status === 403 ? 'INSUFFICIENT_PERMISSION' : 'BAD_REQUEST',
            apiMessage(list.body),
          );
        const filters = new URLSearchParams(search);
        filters.delete('limit');
        filters.delete('page');
        return renderPage(reply, 200, 'passports', frame, {
          passports: list.body.passports.map((passport) => listRow(page, passport)),
          total: list.body.total,
          pageNumber,
          totalPages: list.body.totalPages,
          filterQuery: filters.toString(),
          statuses: STATUSES,
          filter: { q, status, category },
        });
      } catch (error) {
        return refusal(reply, error, frame, 'message', { message: '' });
      }
    },
  );
}
