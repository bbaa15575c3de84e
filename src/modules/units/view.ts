// The privileged unit view: the unit's stored state, its passport as the owner sees it, and the 500
// newest events, read by index. Nothing is recomputed from the unit's history.
import type { ServiceContext } from '../../context.ts';
import type { Actor } from '../../core/actor.ts';
import { type Lang, t } from '../../core/i18n.ts';
import { renderView } from '../../core/views.ts';
import { unitPageModel } from '../../domain/units/page.ts';
import { renderUnitView, VIEW_EVENT_LIMIT } from '../../domain/units/view.ts';
import { documentRenderer, resolvePassport } from '../passports/service.ts';
import { recentEvents } from './event-store.ts';
import { reachUnit } from './scope.ts';

export async function unitView(services: ServiceContext, actor: Actor, id: string) {
  const unit = await reachUnit(services.db, actor, id);
  const [passport, events] = await Promise.all([
    resolvePassport(services.db, actor, unit.passportId),
    recentEvents(services.db, actor.tenantId, unit.id, VIEW_EVENT_LIMIT),
  ]);
  const model = await documentRenderer(services.db, services.baseUrl)(passport);
  const view = renderUnitView(services.baseUrl, unit, model, events);
  return { view, ceasedAt: unit.ceasedAt };
}

export function unitPage(lang: Lang, found: Awaited<ReturnType<typeof unitView>>): string {
  const model = unitPageModel({
    lang,
    t: (key, params) => t(lang, key, params),
    view: found.view,
    ceasedAt: found.ceasedAt,
  });
  return renderView('unit', model);
}
