// Properties of the seal over arbitrary JSON documents: any change, addition, removal or reordering
// of sealed values is detected; key order is not a change; any masking keeps the view verifiable.
import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pointerSegments } from '../categories/pointer.ts';
import { sealFixture } from './fixtures.ts';
import { isPlainObject, SEAL_EXCLUDED_FIELDS, sealableLeaves } from './leaves.ts';
import { maskedProof } from './mask.ts';
import { sealDocument } from './seal.ts';
import { verifySealedDocument } from './verify.ts';

type Json = unknown;
type Container = Record<string, Json> | Json[];

const { ca, key, certificatePem } = await sealFixture();
const excluded = new Set<string>(SEAL_EXCLUDED_FIELDS);

const documents = fc
  .dictionary(
    fc.string({ maxLength: 5 }).filter((k) => !excluded.has(k)),
    fc.jsonValue({ maxDepth: 3 }),
    { minKeys: 1, maxKeys: 6 },
  )
  .map((document) => ({ ...document, id: 'passport-1', status: 'ACTIVE' }) as Record<string, Json>);

async function seal(document: Record<string, Json>) {
  const fields = await sealDocument(document, {
    passportId: 'passport-1',
    version: 1,
    sealedAt: new Date(Date.now() - 1000),
    key,
    certificatePem,
  });
  return { ...structuredClone(document), ...fields } as Record<string, Json>;
}

const verify = (document: Json) => verifySealedDocument(document, { caCertificatePem: ca.certificatePem });
const same = (a: Json, b: Json) => canonicalize(a) === canonicalize(b);

/** The container holding the value at `path`, and the value's key or index in it. */
function locate(document: Record<string, Json>, path: string): { parent: Container; key: string } {
  const segments = pointerSegments(path);
  let parent: Json = document;
  for (const segment of segments.slice(0, -1)) parent = (parent as Record<string, Json>)[segment];
  return { parent: parent as Container, key: segments[segments.length - 1] as string };
}

/** Every container of the sealable part with at least two elements that are not all equal. */
function reorderableArrays(document: Record<string, Json>): Json[][] {
  const out: Json[][] = [];
  const walk = (value: Json, top: boolean) => {
    if (Array.isArray(value)) {
      if (value.some((item) => !same(item, value[0]))) out.push(value);
      for (const item of value) walk(item, false);
    } else if (isPlainObject(value)) {
      for (const [k, child] of Object.entries(value)) if (!(top && excluded.has(k))) walk(child, false);
    }
  };
  walk(document, true);
  return out;
}

function reverseKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (isPlainObject(value))
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([k, v]) => [k, reverseKeys(v)]),
    );
  return value;
}

const RUNS = { numRuns: 60 };

describe('seal properties', () => {
  it('any change of a sealed value fails verification', async () => {
    await fc.assert(
      fc.asyncProperty(
        documents,
        fc.nat(),
        fc.jsonValue({ maxDepth: 2 }),
        async (document, pick, replacement) => {
          const sealed = await seal(document);
          const leaves = sealableLeaves(sealed);
          const leaf = leaves[pick % leaves.length];
          fc.pre(leaf !== undefined && !same(leaf.value, replacement));
          const { parent, key: at } = locate(sealed, (leaf as { path: string }).path);
          (parent as Record<string, Json>)[at] = replacement;
          const result = await verify(sealed);
          expect(result.valid).toBe(false);
          expect(result.checks.merkleRoot).toBe(false);
        },
      ),
      RUNS,
    );
  });

  it('any added value fails verification', async () => {
    await fc.assert(
      fc.asyncProperty(
        documents,
        fc.nat(),
        fc.string({ minLength: 1, maxLength: 4 }),
        fc.jsonValue({ maxDepth: 2 }),
        async (document, pick, name, value) => {
          const sealed = await seal(document);
          const leaves = sealableLeaves(sealed);
          const leaf = leaves[pick % leaves.length] as { path: string };
          const { parent } = locate(sealed, leaf.path);
          if (Array.isArray(parent)) parent.push(value);
          else {
            const fresh = parent === sealed && excluded.has(name) ? `${name}!` : name;
            fc.pre(!Object.hasOwn(parent, fresh));
            parent[fresh] = value;
          }
          expect((await verify(sealed)).checks.merkleRoot).toBe(false);
        },
      ),
      RUNS,
    );
  });

  it('any removed value fails verification', async () => {
    await fc.assert(
      fc.asyncProperty(documents, fc.nat(), async (document, pick) => {
        const sealed = await seal(document);
        const leaves = sealableLeaves(sealed);
        const leaf = leaves[pick % leaves.length] as { path: string };
        const { parent, key: at } = locate(sealed, leaf.path);
        if (Array.isArray(parent)) parent.splice(Number(at), 1);
        else delete parent[at];
        expect((await verify(sealed)).checks.merkleRoot).toBe(false);
      }),
      RUNS,
    );
  });

  it('any reordering of array elements fails verification', async () => {
    await fc.assert(
      fc.asyncProperty(documents, fc.nat(), fc.nat(), fc.nat(), async (document, pickArray, i, j) => {
        const sealed = await seal(document);
        const arrays = reorderableArrays(sealed);
        fc.pre(arrays.length > 0);
        const array = arrays[pickArray % arrays.length] as Json[];
        const a = i % array.length;
        const b = j % array.length;
        fc.pre(!same(array[a], array[b]));
        [array[a], array[b]] = [array[b], array[a]];
        expect((await verify(sealed)).checks.merkleRoot).toBe(false);
      }),
      RUNS,
    );
  });

  it('object key order does not matter', async () => {
    await fc.assert(
      fc.asyncProperty(documents, async (document) => {
        const sealed = await seal(document);
        expect(await verify(reverseKeys(sealed))).toMatchObject({ valid: true, reasons: [] });
      }),
      RUNS,
    );
  });

  it('masking any subset of values keeps the view verifiable offline, and hides them', async () => {
    await fc.assert(
      fc.asyncProperty(
        documents,
        fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 8 }),
        fc.boolean(),
        async (document, picks, marker) => {
          const sealed = await seal(document);
          const view = structuredClone(sealed);
          const leaves = sealableLeaves(view);
          for (const [pick, depth] of picks) {
            const leaf = leaves[pick % leaves.length] as { path: string };
            const segments = pointerSegments(leaf.path);
            // Remove the leaf or one of its ancestors: an object member, or an array from that index on.
            let parent: Json = view;
            const cut = depth % segments.length;
            let reachable = true;
            for (const segment of segments.slice(0, cut)) {
              parent = (parent as Record<string, Json> | undefined)?.[segment];
              if (parent === undefined || parent === null || typeof parent !== 'object') reachable = false;
            }
            if (!reachable) continue;
            const at = segments[cut] as string;
            if (Array.isArray(parent)) parent.length = Math.min(parent.length, Number(at));
            else delete (parent as Record<string, Json>)[at];
          }
          if (marker) view.restrictedData = { available: true };
          view.proof = maskedProof(sealed, view);
          const result = await verify(JSON.parse(JSON.stringify(view)));
          expect(result).toMatchObject({ valid: true, reasons: [] });
          const proof = view.proof as {
            leafSalts: Record<string, string>;
            redactedLeaves: Record<string, string>;
          };
          const shown = new Set(sealableLeaves(view).map((leaf) => leaf.path));
          for (const path of Object.keys(proof.redactedLeaves)) expect(proof.leafSalts[path]).toBeUndefined();
          for (const path of Object.keys(proof.leafSalts)) expect(shown.has(path)).toBe(true);
        },
      ),
      RUNS,
    );
  });
});
