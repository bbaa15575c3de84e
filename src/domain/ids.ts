// Identifiers: every id the node issues is a UUID. A value of another shape names nothing, so code
// that looks an id up answers "not found" for it without asking the store (which would refuse it).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
