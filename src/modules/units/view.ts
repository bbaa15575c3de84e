// The privileged unit view: the unit's stored state, its passport as the owner sees it, and the 500
// newest events, read by index in one statement (store.ts). Nothing is recomputed from the unit's
// history. The events arrive as JSON text built by the database; the JSON answer splices them in,
// only the page parses them.
import type { ServiceContext } from '../../context.ts';
import type { Actor } from '../../core/actor.ts';
import { type Lang, t } from '../../core/i18n.ts';
import { renderView } from '../../core/views.ts';
import { unitPageModel } from '../../domain/units/page.ts';
import { renderUnitView, type UnitView, unitViewJson } from '../../domain/units/view.ts';
import { renderWithParties } from '../passports/service.ts';
import { reachUnitView } from './scope.ts';

export async function unitView(services: ServiceContext, actor: Actor, id: string) {
  const found = await reachUnitView(services.db, actor, id);
  const model = renderWithParties(services.baseUrl, found);
  // dynamicData is left empty here: `events` is its JSON text.
  const view = renderUnitView(services.baseUrl, found.unit, model, []);
  return { view, events: found.events, ceasedAt: found.unit.ceasedAt };
}

type FoundUnit = Awaited<ReturnType<typeof unitView>>;

/** The JSON-LD answer's text. */
export const unitViewText = (found: FoundUnit): string => unitViewJson(found.view, found.events);

export function unitPage(lang: Lang, found: FoundUnit): string {
  const dynamicData = JSON.parse(found.events) as UnitView['dynamicData'];
  const model = unitPageModel({
    lang,
    t: (key, params) => t(lang, key, params),
    view: { ...found.view, dynamicData },
    ceasedAt: found.ceasedAt,
  });
  return renderView('unit', model);
}
