// Economic operators and facilities in the console: the workspace's lists, read through the API as
// the member (creating and editing them stays with the API for now).
import type { App, AppContext } from '../../context.ts';
import { AppError } from '../../http/errors.ts';
import { pageFrames } from './frame.ts';
import { apiMessage, callApi, type Inject, PAGE_ANSWERS, renderPage } from './pages.ts';
import type { SessionService } from './sessions.ts';

const hide = true;
const access = { kind: 'member', optional: true, formCsrf: true } as const;

export async function partyPages(app: App, context: AppContext, sessions: SessionService, inject: Inject) {
  const { memberPage } = pageFrames(sessions, context.clock);

  for (const [path, api, field, view] of [
    ['/console/operators', '/api/v1/operators?limit=200', 'operators', 'operators'],
    ['/console/facilities', '/api/v1/facilities?limit=200', 'facilities', 'facilities'],
  ] as const) {
    app.get(
      path,
      { config: { access }, schema: { hide, response: PAGE_ANSWERS } },
      async (request, reply) => {
        return memberPage(request, reply, `${view}.title`, async (page, frame) => {
          const list = await callApi(inject, page.principal, 'GET', api);
          if (list.status !== 200) throw new AppError('INSUFFICIENT_PERMISSION', apiMessage(list.body));
          return renderPage(reply, 200, view, frame, { rows: list.body[field] });
        });
      },
    );
  }
}
