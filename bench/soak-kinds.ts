// The soak's request mix, by weight: what a live battery maker's node sees. Scans of labels
// (public resolution, as JSON-LD and as the page a phone opens), fleet backends reporting
// telemetry (single readings and small batches), and the maker's own systems reading passports,
// units and lists with its API key.
import { randomInt } from 'node:crypto';
import type { SeededWorkspace } from './lib/seed.ts';

export interface Kind {
  name: string;
  weight: number;
  send(): Promise<Response>;
}

const LD = { accept: 'application/ld+json' };
const HTML = { accept: 'text/html', 'accept-language': 'de' };

const any = <T>(list: T[]): T => list[randomInt(list.length)] as T;

const reading = () => ({
  eventType: 'SOH_MEASUREMENT',
  stateOfHealth: 80 + randomInt(20),
  cycleCount: randomInt(3000),
  remainingCapacityAh: 40 + randomInt(20),
  temperatureC: 15 + randomInt(20),
});

export function soakKinds(base: string, seeded: SeededWorkspace): () => Kind {
  const auth = { authorization: `Bearer ${seeded.token}` };
  const get = (path: string, headers: Record<string, string>) => fetch(`${base}${path}`, { headers });
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const passport = () => any(seeded.passports);
  const unit = () => any(seeded.units);
  const kinds: Kind[] = [
    { name: 'public /passport/{id}', weight: 15, send: () => get(`/passport/${passport().id}`, LD) },
    { name: 'public /01/{gtin} (page)', weight: 10, send: () => get(`/01/${passport().gtin}`, HTML) },
    { name: 'public /unit/{id}', weight: 15, send: () => get(`/unit/${unit()}`, LD) },
    { name: 'public /unit/{id} (page)', weight: 5, send: () => get(`/unit/${unit()}`, HTML) },
    { name: 'ingest one reading', weight: 15, send: () => post(`/api/v1/units/${unit()}/events`, reading()) },
    {
      name: 'ingest 50 readings (bulk)',
      weight: 3,
      send: () =>
        post(`/api/v1/units/${unit()}/events/bulk`, { events: Array.from({ length: 50 }, reading) }),
    },
    { name: 'owner passport read', weight: 8, send: () => get(`/api/v1/passports/${passport().id}`, auth) },
    { name: 'owner unit view', weight: 10, send: () => get(`/api/v1/units/${unit()}`, auth) },
    { name: 'list passports', weight: 4, send: () => get('/api/v1/passports?limit=20', auth) },
    {
      name: 'list units of a passport',
      weight: 5,
      send: () => get(`/api/v1/passports/${passport().id}/units?limit=50`, auth),
    },
    {
      name: 'list telemetry of a unit',
      weight: 10,
      send: () => get(`/api/v1/units/${unit()}/events?limit=100`, auth),
    },
  ];
  const total = kinds.reduce((sum, kind) => sum + kind.weight, 0);
  return () => {
    let ticket = randomInt(total);
    for (const kind of kinds) {
      ticket -= kind.weight;
      if (ticket < 0) return kind;
    }
    return kinds[kinds.length - 1] as Kind;
  };
}
