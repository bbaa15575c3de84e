// A passport's label as the labels API makes it (SVG and PDF in a ZIP): a plain link, since reading
// a label changes nothing.
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { pageFrames } from './frame.ts';
import { apiMessage, type Inject, MEMBER_PAGE, PAGE_ANSWERS, PassportParams } from './pages.ts';
import { STATUS_CODES, withLanguage } from './passport-form-screens.ts';
import type { SessionService } from './sessions.ts';

const hide = true;
const LABEL_ANSWERS = {
  ...PAGE_ANSWERS,
  200: {
    description: 'The label as a ZIP (SVG and PDF, with manifest.csv)',
    content: { 'application/zip': { schema: Type.String({ format: 'binary' }) } },
  },
};

export async function passportLabelPage(
  app: App,
  context: AppContext,
  sessions: SessionService,
  inject: Inject,
) {
  const { memberPage } = pageFrames(sessions, context.clock);

  app.get(
    '/console/passports/:id/label',
    { config: { access: MEMBER_PAGE }, schema: { hide, params: PassportParams, response: LABEL_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'passports.one', async (page, frame) => {
        const answer = await inject({
          method: 'POST',
          url: '/api/v1/passports/labels',
          headers: {
            authorization: `Bearer ${page.principal.session.token}`,
            host: 'localhost',
            ...withLanguage(frame),
          },
          payload: { passports: [request.params.id] },
        });
        if (answer.statusCode !== 200) {
          const body = answer.body ? (answer.json() as Record<string, unknown>) : {};
          throw new AppError(STATUS_CODES[answer.statusCode] ?? 'BAD_REQUEST', apiMessage(body));
        }
        const name = request.params.id.replace(/[^A-Za-z0-9-]/g, '_').slice(0, 80);
        // The reply is typed by its schema (a string); the bytes go out as they are.
        return (reply as FastifyReply)
          .code(200)
          .header('content-disposition', `attachment; filename="label-${name}.zip"`)
          .header('cache-control', 'no-store')
          .type('application/zip')
          .send(answer.rawPayload);
      }),
  );
}
