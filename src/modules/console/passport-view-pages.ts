// One passport's owner view in the console, and what one archived version changed: the passports
// API read as the member.
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import type { Category } from '../../domain/categories/types.ts';
import { documentChanges } from '../../domain/passports/diff.ts';
import { changeLabel, changeValue } from './change-words.ts';
import { pageFrames } from './frame.ts';
import {
  apiMessage,
  callApi,
  type Inject,
  MEMBER_PAGE,
  PAGE_ANSWERS,
  PassportParams,
  renderPage,
} from './pages.ts';
import { passportView, tierOf } from './passport-view.ts';
import type { SessionService } from './sessions.ts';

const hide = true;
const PassportQuery = Type.Object({
  done: Type.Optional(Type.String({ maxLength: 30 })),
  to: Type.Optional(Type.String({ maxLength: 20 })),
  tier: Type.Optional(Type.String({ maxLength: 30 })),
  lang: Type.Optional(Type.String({ maxLength: 35 })),
});
const VersionParams = Type.Object({
  id: Type.String({ maxLength: 2048 }),
  version: Type.String({ pattern: '^[0-9]{1,9}$' }),
});
export async function passportViewPages(
  app: App,
  context: AppContext,
  sessions: SessionService,
  inject: Inject,
) {
  const { memberPage } = pageFrames(sessions, context.clock);

  app.get(
    '/console/passports/:id',
    {
      config: { access: MEMBER_PAGE },
      schema: { hide, params: PassportParams, querystring: PassportQuery, response: PAGE_ANSWERS },
    },
    async (request, reply) => {
      return memberPage(request, reply, 'passports.one', async (page, frame) => {
        const tier = tierOf(request.query.tier);
        const view = await passportView(context, inject, page, request.params.id, tier);
        // After a form created or saved the passport and redirected here (see passport-form-pages.ts).
        const { done } = request.query;
        const notice = done === 'created' || done === 'saved' ? { notice: page.t(`forms.${done}`) } : {};
        return renderPage(
          reply,
          200,
          'passport',
          { ...frame, title: view.title },
          { ...view.data, ...notice },
        );
      });
    },
  );

  // What one archived version changed: the diff from it to the next one (archived or current).
  app.get(
    '/console/passports/:id/versions/:version',
    { config: { access: MEMBER_PAGE }, schema: { hide, params: VersionParams, response: PAGE_ANSWERS } },
    async (request, reply) => {
      return memberPage(request, reply, 'passports.history', async (page, frame) => {
        const id = encodeURIComponent(request.params.id);
        const from = Number(request.params.version);
        const history = await callApi(inject, page.principal, 'GET', '/api/v1/passports/{id}/history', {
          params: { id },
          query: 'limit=1',
        });
        if (history.status !== 200) throw new AppError('NOT_FOUND', apiMessage(history.body));
        const current = Number(history.body.currentVersion);
        if (from < 1 || from >= current) throw new AppError('NOT_FOUND', 'No such archived version');
        const [before, after] = await Promise.all([
          callApi(inject, page.principal, 'GET', '/api/v1/passports/{id}/history/{version}', {
            params: { id, version: String(from) },
          }),
          from + 1 === current
            ? callApi(inject, page.principal, 'GET', '/api/v1/passports/{id}', { params: { id } })
            : callApi(inject, page.principal, 'GET', '/api/v1/passports/{id}/history/{version}', {
                params: { id, version: String(from + 1) },
              }),
        ]);
        if (before.status !== 200 || after.status !== 200)
          throw new AppError('NOT_FOUND', apiMessage(before.body));
        const category = after.body.category as Category;
        const changes = documentChanges(before.body, after.body).map((change) => ({
          path: change.path,
          label: changeLabel(page.lang, category, change.path),
          before: changeValue(page.lang, change.before),
          after: changeValue(page.lang, change.after),
        }));
        const title = page.t('passports.compare', { from, to: from + 1 });
        return renderPage(
          reply,
          200,
          'versions',
          { ...frame, title },
          { changes, passportId: request.params.id },
        );
      });
    },
  );
}
