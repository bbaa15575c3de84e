// A passport's label as the labels API makes it (SVG and PDF in a ZIP): a plain link, since reading
// a label changes nothing.
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { pageFrames } from './frame.ts';
import { labelArchiveOf, sendDownload } from './label-archive.ts';
import { type Inject, MEMBER_PAGE, PAGE_ANSWERS, PassportParams } from './pages.ts';
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
        const zip = await labelArchiveOf(inject, page, frame, { passports: [request.params.id] });
        const name = request.params.id.replace(/[^A-Za-z0-9-]/g, '_').slice(0, 80);
        // The reply is typed by its schema (a string); the bytes go out as they are.
        return sendDownload(reply as FastifyReply, 'application/zip', `label-${name}.zip`, zip);
      }),
  );
}
