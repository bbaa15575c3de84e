// One battery unit inside the console's frame (the passport's unit links lead here, not to the
// API): its serial number, status, current state and newest readings, with a way back to its
// passport (named by its product), links to the public page and the API's JSON, and its QR code
// (PNG, SVG) and label (PDF, SVG) for download.
import type { App, AppContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { t } from '../../core/i18n.ts';
import { sohChart } from '../../domain/units/soh-chart.ts';
import { pageFrames, type SignedInPage } from './frame.ts';
import {
  apiMessage,
  callApi,
  type Inject,
  MEMBER_PAGE,
  PAGE_ANSWERS,
  renderPage,
  UuidParams,
} from './pages.ts';
import { passportName } from './passport-view.ts';
import type { SessionService } from './sessions.ts';

/** Readings shown on the page; the API's event list pages through the rest. */
const SHOWN_EVENTS = 20;

export async function unitPages(app: App, context: AppContext, sessions: SessionService, inject: Inject) {
  const { memberPage } = pageFrames(sessions, context.clock);

  app.get(
    '/console/units/:id',
    { config: { access: MEMBER_PAGE }, schema: { hide: true, params: UuidParams, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'unitPage.one', async (page, frame) => {
        const shown = await unitScreen(inject, page, request.params.id);
        return renderPage(reply, 200, 'unit', { ...frame, title: shown.title }, shown.data);
      }),
  );
}

/** The unit as its page shows it, read through the API as the member. */
async function unitScreen(inject: Inject, page: SignedInPage, id: string) {
  const found = await callApi(inject, page.principal, 'GET', '/api/v1/units/{id}', {
    params: { id },
    headers: { accept: 'application/ld+json' },
  });
  if (found.status === 404) throw new AppError('NOT_FOUND', apiMessage(found.body));
  if (found.status !== 200) throw new AppError('INSUFFICIENT_PERMISSION', apiMessage(found.body));
  const unit = found.body as unknown as {
    id: string;
    serialNumber: string;
    status: string;
    manufacturedAt: string | null;
    digitalLinkUri: string;
    ofModel: { id: string; metadata?: unknown; productId?: unknown };
    currentState: Record<string, number | string | null>;
    dynamicData: Array<Record<string, unknown>>;
  };
  const model = unit.ofModel;
  // The state-of-health chart the unit's own page draws, from the same readings.
  const points = unit.dynamicData.flatMap((event) =>
    typeof event.stateOfHealth === 'number' && typeof event.recordedAt === 'string'
      ? [{ at: new Date(event.recordedAt), stateOfHealth: event.stateOfHealth }]
      : [],
  );
  const day = new Intl.DateTimeFormat(page.lang, { dateStyle: 'medium', timeZone: 'UTC' });
  const chartSvg =
    points.length > 0 ? sohChart(points, t(page.lang, 'unitPage.chartTitle'), (at) => day.format(at)) : '';
  return {
    title: page.t('unitPage.title', { serial: unit.serialNumber }),
    data: {
      unit,
      modelName: passportName(model),
      modelProductId: String(model.productId ?? ''),
      modelId: model.id,
      events: unit.dynamicData.slice(0, SHOWN_EVENTS),
      eventTotal: unit.dynamicData.length,
      chartSvg,
    },
  };
}
