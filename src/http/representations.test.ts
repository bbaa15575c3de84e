import fc from 'fast-check';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Representation } from '../core/representations.ts';
import { negotiate } from './negotiate.ts';
import { chooseRepresentation } from './representations.ts';

const representation = (type: string, serves?: Representation['serves']): Representation => ({
  type,
  contentType: type,
  ...(serves ? { serves } : {}),
  render: () => '',
});
const OFFERED = [
  representation('application/ld+json'),
  representation('text/html'),
  representation('application/vc+jwt', ['passport']),
];

function chosenType(accept: string | undefined, kind: 'passport' | 'unit'): string {
  const request = { headers: accept === undefined ? {} : { accept } } as FastifyRequest;
  const reply = { header: () => reply } as unknown as FastifyReply;
  try {
    return chooseRepresentation(request, reply, OFFERED, kind).type;
  } catch {
    return 'refused';
  }
}

describe('chooseRepresentation', () => {
  it('answers what negotiation answers for the kind, however many Accept headers it has remembered', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom('application/vc+jwt', 'text/html;q=0.5, application/vc+jwt', '*/*', 'image/png'),
          fc.string(),
        ),
        fc.constantFrom('passport' as const, 'unit' as const),
        (accept, kind) => {
          const offered = OFFERED.filter((r) => !r.serves || r.serves.includes(kind)).map((r) => r.type);
          const expected = negotiate(accept, offered) ?? 'refused';
          // Asked twice: the second answer comes from what the first remembered.
          expect(chosenType(accept, kind)).toBe(expected);
          expect(chosenType(accept, kind)).toBe(expected);
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('keeps a credential type for the subjects that offer it', () => {
    expect(chosenType('application/vc+jwt', 'passport')).toBe('application/vc+jwt');
    expect(chosenType('application/vc+jwt', 'unit')).toBe('refused');
  });
});
