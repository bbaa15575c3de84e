// Negotiates, in one place for public resolution and the owner's read, which of the offered
// representations (core/representations.ts) answers a request.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notAcceptable, type Representation, type Subject } from '../core/representations.ts';
import { negotiate } from './negotiate.ts';

// Negotiation runs on every read; its inputs repeat (a handful of Accept headers per kind of
// client), so choices are remembered per list of representations, up to a bound a caller sending
// ever-new headers cannot grow past.
const CHOICES_KEPT = 256;
const choices = new WeakMap<readonly Representation[], Map<string, Representation | null>>();

/** The representation an Accept header prefers among those serving `kind`; null when none is offered. */
export function preferredRepresentation(
  accept: string | undefined,
  representations: readonly Representation[],
  kind: Subject['kind'],
): Representation | null {
  let known = choices.get(representations);
  if (!known) {
    known = new Map();
    choices.set(representations, known);
  }
  const key = `${kind}\n${accept ?? ''}`;
  const remembered = known.get(key);
  if (remembered !== undefined) return remembered;
  const offered = representations.filter((r) => !r.serves || r.serves.includes(kind));
  const type = negotiate(
    accept,
    offered.map((r) => r.type),
  );
  const chosen = offered.find((r) => r.type === type) ?? null;
  if (known.size >= CHOICES_KEPT) known.clear();
  known.set(key, chosen);
  return chosen;
}

/** The representation the caller's Accept prefers among those serving `kind`; 406 listing them otherwise. */
export function chooseRepresentation(
  request: FastifyRequest,
  reply: FastifyReply,
  representations: readonly Representation[],
  kind: Subject['kind'],
): Representation {
  reply.header('vary', 'Accept, Accept-Language');
  const chosen = preferredRepresentation(request.headers.accept, representations, kind);
  if (!chosen) throw notAcceptable(representations, kind);
  return chosen;
}
