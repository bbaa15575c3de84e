// The economic operator and facility a passport is started with, written into every field of its
// metadata that names them (docs/console.md, "Passport forms"): an example's or a copied
// passport's manufacturer, operator and plant name another company, so they are replaced, not kept.

type Json = unknown;
const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

interface Address {
  street?: string;
  postalCode?: string;
  city?: string;
  country?: string;
}
export interface OperatorFacts {
  name: string;
  regId: string;
  regIdScheme: string;
  role: string;
  country?: string | null;
  address?: Address | null;
}
export interface FacilityFacts {
  gln: string;
  name: string;
  country: string;
  address?: Address | null;
}

/** A party field of a category: a group naming an operator (of some roles only, when given). */
interface OperatorPlace {
  path: readonly string[];
  roles?: readonly string[];
}
/** Where a category names the manufacturing place; `last` of a list: its final step. */
interface FacilityPlace {
  path: readonly string[];
  last?: true;
  fields: { identifier: string; name?: string; locality?: string; country: string };
}

const PLACES: Record<string, { operator: OperatorPlace[]; facility: FacilityPlace[] }> = {
  batteries: {
    operator: [
      { path: ['generalInformation', 'manufacturer'], roles: ['MANUFACTURER'] },
      { path: ['generalInformation', 'economicOperator'] },
    ],
    facility: [
      {
        path: ['generalInformation', 'manufacturingPlace'],
        fields: {
          identifier: 'facilityIdentifier',
          name: 'name',
          locality: 'locality',
          country: 'countryCode',
        },
      },
    ],
  },
  chemicals: { operator: [{ path: ['supplier'] }], facility: [] },
  construction: {
    operator: [
      { path: ['productInformation', 'manufacturer'], roles: ['MANUFACTURER'] },
      { path: ['productInformation', 'authorisedRepresentative'], roles: ['AUTHORISED_REPRESENTATIVE'] },
    ],
    facility: [
      { path: ['manufacturingPlant'], fields: { identifier: 'facilityIdentifier', country: 'countryCode' } },
    ],
  },
  textiles: {
    operator: [],
    facility: [
      {
        path: ['manufacturing', 'steps'],
        last: true,
        fields: { identifier: 'facilityIdentifier', name: 'facilityName', country: 'countryCode' },
      },
    ],
  },
};

/** The party group of the schemas (name, identifier, postal address) for an operator. */
function operatorGroup(operator: OperatorFacts): Record<string, Json> {
  const address = operator.address ?? {};
  const country = address.country ?? operator.country ?? undefined;
  const postal: Record<string, Json> = {};
  if (address.street) postal.streetAddress = address.street;
  if (address.postalCode) postal.postalCode = address.postalCode;
  if (address.city) postal.locality = address.city;
  if (country) postal.countryCode = country;
  // An EORI is the identifier itself; a national registration is only unique with its scheme.
  const identifier =
    operator.regIdScheme === 'EORI' ? operator.regId : `${operator.regIdScheme}:${operator.regId}`;
  return {
    name: operator.name,
    operatorIdentifier: identifier,
    ...(country ? { postalAddress: postal } : {}),
  };
}

const pointer = (path: readonly string[]) => `/metadata/${path.join('/')}`;

/**
 * The metadata with the operator's and the facility's fields written in, and the pointers of the
 * parts written (their values are the member's own choice, not the example's). An operator group
 * is replaced whole, so that no trade name or web address of the example's company stays beside
 * the operator's name; a group whose role the operator does not hold is left as it was.
 */
export function fillParties(
  category: string,
  metadata: Record<string, Json>,
  operator: OperatorFacts | null,
  facility: FacilityFacts | null,
): { metadata: Record<string, Json>; filled: string[] } {
  const places = PLACES[category];
  const out = structuredClone(metadata);
  const filled: string[] = [];
  if (!places) return { metadata: out, filled };
  const parentOf = (path: readonly string[]) => {
    let node: Json = out;
    for (const key of path.slice(0, -1)) {
      if (!isObject(node)) return null;
      if (!isObject(node[key])) node[key] = {};
      node = node[key];
    }
    return isObject(node) ? node : null;
  };
  for (const place of operator ? places.operator : []) {
    if (!operator || (place.roles && !place.roles.includes(operator.role))) continue;
    const parent = parentOf(place.path);
    if (!parent) continue;
    parent[place.path.at(-1) as string] = operatorGroup(operator);
    filled.push(pointer(place.path));
  }
  for (const place of facility ? places.facility : []) {
    if (!facility) continue;
    const parent = parentOf(place.path);
    const key = place.path.at(-1) as string;
    if (!parent) continue;
    let target: Json = parent[key];
    let at = pointer(place.path);
    if (place.last) {
      const list = Array.isArray(target) ? target : [];
      if (list.length === 0) list.push({});
      parent[key] = list;
      at = `${at}/${list.length - 1}`;
      target = list[list.length - 1];
    } else if (!isObject(target)) {
      target = {};
      parent[key] = target;
    }
    if (!isObject(target)) continue;
    const { identifier, name, locality, country } = place.fields;
    const values: [string | undefined, string | undefined][] = [
      [identifier, facility.gln],
      [name, facility.name],
      [locality, facility.address?.city],
      [country, facility.country],
    ];
    for (const [field, value] of values) {
      if (field === undefined) continue;
      // A field the facility has no value for is emptied: the example's would name another place.
      if (value) target[field] = value;
      else delete target[field];
      filled.push(`${at}/${field}`);
    }
  }
  return { metadata: out, filled };
}
