// A passport as a file, from its console page: the API's own representations read as the member (the
// owner document as JSON, the AAS environment), or the passport as one row of its category's
// spreadsheet, which the import reads back as an update of that passport. A plain link: reading a
// passport changes nothing.
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { isCategory } from '../../domain/categories/types.ts';
import { pageFrames } from './frame.ts';
import { apiMessage, type Inject, MEMBER_PAGE, PAGE_ANSWERS, PassportParams } from './pages.ts';
import { STATUS_CODES, withLanguage } from './passport-form-screens.ts';
import type { SessionService } from './sessions.ts';
import { passportFile, XLSX_TYPE } from './sheet-files.ts';

const hide = true;
const ExportQuery = Type.Object({
  format: Type.Union([Type.Literal('json'), Type.Literal('aas'), Type.Literal('xlsx')]),
  lang: Type.Optional(Type.String({ maxLength: 35 })),
});
const EXPORT_ANSWERS = {
  ...PAGE_ANSWERS,
  200: {
    description:
      'The passport as a file: its owner document (JSON), its AAS environment, or a spreadsheet row',
    content: {
      'application/json': { schema: Type.String() },
      'application/aas+json': { schema: Type.String() },
      [XLSX_TYPE]: { schema: Type.String({ format: 'binary' }) },
    },
  },
};
const ACCEPT = { json: 'application/json', aas: 'application/aas+json', xlsx: 'application/json' } as const;

export async function passportExportPage(
  app: App,
  context: AppContext,
  sessions: SessionService,
  inject: Inject,
) {
  const { memberPage } = pageFrames(sessions, context.clock);

  app.get(
    '/console/passports/:id/export',
    {
      config: { access: MEMBER_PAGE },
      schema: { hide, params: PassportParams, querystring: ExportQuery, response: EXPORT_ANSWERS },
    },
    async (request, reply) =>
      memberPage(request, reply, 'passports.one', async (page, frame) => {
        const { format } = request.query;
        const answer = await inject({
          method: 'GET',
          url: `/api/v1/passports/${encodeURIComponent(request.params.id)}`,
          headers: {
            authorization: `Bearer ${page.principal.session.token}`,
            host: 'localhost',
            accept: ACCEPT[format],
            ...withLanguage(frame),
          },
        });
        const body = answer.body ? (JSON.parse(answer.body) as Record<string, unknown>) : {};
        if (answer.statusCode !== 200)
          throw new AppError(STATUS_CODES[answer.statusCode] ?? 'BAD_REQUEST', apiMessage(body));
        const category = String(body.category ?? '');
        const name = `passport-${String(body.productId ?? request.params.id)
          .replace(/[^A-Za-z0-9-]/g, '_')
          .slice(0, 80)}`;
        const sent = (reply as FastifyReply).code(200).header('cache-control', 'no-store');
        if (format === 'xlsx' && isCategory(category))
          return sent
            .header('content-disposition', `attachment; filename="${name}.xlsx"`)
            .type(XLSX_TYPE)
            .send(await passportFile(category, body, frame.lang, page.t));
        const suffix = format === 'aas' ? '.aas.json' : '.json';
        return sent
          .header('content-disposition', `attachment; filename="${name}${suffix}"`)
          .type(format === 'aas' ? 'application/aas+json; charset=utf-8' : 'application/json; charset=utf-8')
          .send(answer.rawPayload);
      }),
  );
}
