// The Battery unit JSON-LD view of the authenticated endpoint, field by field in the contract's
// order. The owner's view: no restrictedData marker, repurposedFrom null, successorUnits empty.
import type { PassportDocument } from '../passports/document.ts';
import { batteryUnitViewContext } from '../vocabulary/unit-view-context.ts';
import { unitDigitalLinkUri, unitNodeUrl } from './link.ts';
import { type UnitStatus, unitDppStatus } from './status.ts';

export const VIEW_EVENT_LIMIT = 500;

export interface ViewUnit {
  id: string;
  serialNumber: string;
  digitalLinkUri: string | null;
  status: UnitStatus;
  manufacturedAt: Date | null;
  stateOfHealth: number | null;
  cycleCount: number | null;
  remainingCapacityAh: number | null;
  temperatureC: number | null;
  stateRecordedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ViewEvent {
  eventType: string;
  stateOfHealth: number | null;
  cycleCount: number | null;
  remainingCapacityAh: number | null;
  temperatureC: number | null;
  payload: unknown;
  recordedAt: Date;
}

export function renderUnitView(
  baseUrl: string,
  unit: ViewUnit,
  model: PassportDocument,
  events: ViewEvent[],
) {
  const dppId = unitNodeUrl(baseUrl, unit.id);
  // A unit of a SKU passport has no GS1 Digital Link: its digitalLinkUri, and so its @id, is then
  // its own URL (domain/units/link.ts).
  const identifier = unitDigitalLinkUri(baseUrl, unit);
  return {
    '@context': batteryUnitViewContext(baseUrl),
    '@type': 'BatteryUnit',
    '@id': identifier,
    id: unit.id,
    serialNumber: unit.serialNumber,
    digitalLinkUri: identifier,
    digitalProductPassportId: dppId,
    uniqueProductIdentifier: identifier,
    granularity: 'item',
    dppSchemaVersion: model.dppSchemaVersion,
    dppStatus: unitDppStatus(unit.status),
    lastUpdated: unit.updatedAt.toISOString(),
    economicOperatorId: model.economicOperatorId,
    contentSpecificationIds: model.contentSpecificationIds,
    status: unit.status,
    manufacturedAt: unit.manufacturedAt?.toISOString() ?? null,
    repurposedFrom: null,
    successorUnits: [],
    ofModel: model,
    currentState: {
      stateOfHealth: unit.stateOfHealth,
      cycleCount: unit.cycleCount,
      remainingCapacityAh: unit.remainingCapacityAh,
      temperatureC: unit.temperatureC,
      recordedAt: unit.stateRecordedAt?.toISOString() ?? null,
    },
    dynamicData: events.slice(0, VIEW_EVENT_LIMIT).map((event) => ({
      '@type': 'BatteryUnitEvent',
      eventType: event.eventType,
      stateOfHealth: event.stateOfHealth,
      cycleCount: event.cycleCount,
      remainingCapacityAh: event.remainingCapacityAh,
      temperatureC: event.temperatureC,
      payload: event.payload ?? null,
      recordedAt: event.recordedAt.toISOString(),
    })),
    createdAt: unit.createdAt.toISOString(),
    updatedAt: unit.updatedAt.toISOString(),
  };
}

export type UnitView = ReturnType<typeof renderUnitView>;

/**
 * The view as JSON text with its `dynamicData` given as JSON text already (the events as the
 * database wrote them): spliced in place, in the contract's field order, not parsed and written
 * again. The view's own `dynamicData` is ignored. Only createdAt and updatedAt follow it, so the
 * head is the view written as usual with its closing brace left off.
 */
export function unitViewJson(view: UnitView, dynamicData: string): string {
  const { dynamicData: _ignored, createdAt, updatedAt, ...head } = view;
  const text = JSON.stringify(head);
  return `${text.slice(0, -1)},"dynamicData":${dynamicData},"createdAt":${JSON.stringify(createdAt)},"updatedAt":${JSON.stringify(updatedAt)}}`;
}
