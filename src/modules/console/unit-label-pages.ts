// Labels of battery units: one unit's label alone (PDF or SVG), and a ZIP of the labels of the
// units a member chose (the passport's units list, the serialisation result). Plain links and GET
// forms, since reading a label changes nothing; the labels API makes them as the member.
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { pageFrames } from './frame.ts';
import { fileOfZip, labelArchiveOf, sendDownload } from './label-archive.ts';
import { type Inject, MEMBER_PAGE, PAGE_ANSWERS, UuidParams } from './pages.ts';
import type { SessionService } from './sessions.ts';

const hide = true;
const Binary = Type.String({ format: 'binary' });
const UNIT_LABEL_ANSWERS = {
  ...PAGE_ANSWERS,
  200: {
    description: "The unit's label, as the labels API draws it",
    content: { 'application/pdf': { schema: Binary }, 'image/svg+xml': { schema: Binary } },
  },
};
const ZIP_ANSWERS = {
  ...PAGE_ANSWERS,
  200: {
    description: 'The labels as a ZIP (SVG and PDF of each unit, with manifest.csv)',
    content: { 'application/zip': { schema: Binary } },
  },
};
const LabelQuery = Type.Object({
  format: Type.Optional(Type.Union([Type.Literal('pdf'), Type.Literal('svg')])),
});
const Uuid = Type.String({ format: 'uuid' });
/** `unit` once per chosen unit (a GET form's checkboxes); the API takes at most 200 a batch. */
const ChosenQuery = Type.Object({
  unit: Type.Optional(Type.Union([Uuid, Type.Array(Uuid, { maxItems: 200 })])),
});

const TYPES = { pdf: 'application/pdf', svg: 'image/svg+xml' } as const;

export async function unitLabelPages(
  app: App,
  context: AppContext,
  sessions: SessionService,
  inject: Inject,
) {
  const { memberPage } = pageFrames(sessions, context.clock);

  app.get(
    '/console/units/:id/label',
    {
      config: { access: MEMBER_PAGE },
      schema: { hide, params: UuidParams, querystring: LabelQuery, response: UNIT_LABEL_ANSWERS },
    },
    async (request, reply) =>
      memberPage(request, reply, 'unitPage.one', async (page, frame) => {
        const { id } = request.params;
        const format = request.query.format ?? 'pdf';
        const zip = await labelArchiveOf(inject, page, frame, { units: [id], formats: [format] });
        const label = await fileOfZip(zip, `unit-${id}.${format}`);
        return sendDownload(reply as FastifyReply, TYPES[format], `label-unit-${id}.${format}`, label);
      }),
  );

  app.get(
    '/console/units/labels',
    { config: { access: MEMBER_PAGE }, schema: { hide, querystring: ChosenQuery, response: ZIP_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'unitLabels.title', async (page, frame) => {
        const { unit } = request.query;
        const units = unit === undefined ? [] : Array.isArray(unit) ? unit : [unit];
        if (units.length === 0) throw new AppError('BAD_REQUEST', page.t('unitLabels.noneChosen'));
        const zip = await labelArchiveOf(inject, page, frame, { units });
        return sendDownload(reply as FastifyReply, 'application/zip', 'unit-labels.zip', zip);
      }),
  );
}
