import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateSigningKey } from '../crypto/keys.ts';
import { signDataIntegrity, verifyDataIntegrity } from './data-integrity.ts';
import {
  allocateStatusIndex,
  emptyEncodedList,
  readStatusBit,
  STATUS_LIST_LENGTH,
  setStatusBit,
  setStatusBits,
  statusListCredential,
  statusListEntry,
} from './status-list.ts';
import { signVcJwt, verifyVcJwt } from './vc-jwt.ts';

const LIST_URL = 'https://dpp.example.com/tenants/acme/status/revocation';

describe('status list encoding', () => {
  it('starts with nothing revoked, and a bit set reads 1 until it is cleared', async () => {
    const empty = await emptyEncodedList();
    expect(empty.startsWith('u')).toBe(true);
    expect(await readStatusBit(empty, 42)).toBe(false);
    const revoked = await setStatusBit(empty, 42, true);
    expect(await readStatusBit(revoked, 42)).toBe(true);
    expect(await readStatusBit(revoked, 43)).toBe(false);
    const reactivated = await setStatusBit(revoked, 42, false);
    expect(await readStatusBit(reactivated, 42)).toBe(false);
    expect(reactivated).toBe(empty);
  });

  it('answers the same string when nothing changes, so the caller can skip re-signing', async () => {
    const empty = await emptyEncodedList();
    expect(await setStatusBit(empty, 7, false)).toBe(empty);
    const one = await setStatusBit(empty, 7, true);
    expect(await setStatusBit(one, 7, true)).toBe(one);
  });

  it('reads back any set of bits it wrote', async () => {
    const empty = await emptyEncodedList();
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 0, max: STATUS_LIST_LENGTH - 1 }), { maxLength: 20 }),
        fc.integer({ min: 0, max: STATUS_LIST_LENGTH - 1 }),
        async (indexes, probe) => {
          const list = await setStatusBits(empty, new Map(indexes.map((i) => [i, true])));
          for (const index of indexes) expect(await readStatusBit(list, index)).toBe(true);
          expect(await readStatusBit(list, probe)).toBe(indexes.includes(probe));
        },
      ),
      { numRuns: 25 },
    );
  });

  it('refuses indexes outside the list, short lists and non-multibase input', async () => {
    const empty = await emptyEncodedList();
    for (const index of [-1, STATUS_LIST_LENGTH, 1.5, Number.NaN]) {
      await expect(readStatusBit(empty, index)).rejects.toThrow(RangeError);
      await expect(setStatusBit(empty, index, true)).rejects.toThrow(RangeError);
    }
    await expect(emptyEncodedList(1024)).rejects.toThrow(RangeError);
    await expect(readStatusBit(empty.slice(1), 0)).rejects.toThrow();
  });
});

describe('status entries and index allocation', () => {
  it('writes the index as a base-10 string', () => {
    expect(statusListEntry({ listUrl: LIST_URL, index: 94567 })).toEqual({
      id: `${LIST_URL}#94567`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: '94567',
      statusListCredential: LIST_URL,
    });
    expect(statusListEntry({ listUrl: LIST_URL, index: 7, purpose: 'suspension' })).toMatchObject({
      statusPurpose: 'suspension',
      statusListIndex: '7',
    });
    expect(() => statusListEntry({ listUrl: LIST_URL, index: STATUS_LIST_LENGTH })).toThrow(RangeError);
  });

  it('draws a free index, falls back to the lowest free one, and says when the list is full', () => {
    const taken = new Set([5, 9]);
    expect(
      allocateStatusIndex(
        (i) => taken.has(i),
        16,
        () => 9,
      ),
    ).toBe(0);
    expect(
      allocateStatusIndex(
        (i) => taken.has(i),
        16,
        () => 3,
      ),
    ).toBe(3);
    expect(() => allocateStatusIndex(() => true, 16)).toThrow(RangeError);
    const drawn = allocateStatusIndex(() => false);
    expect(drawn).toBeGreaterThanOrEqual(0);
    expect(drawn).toBeLessThan(STATUS_LIST_LENGTH);
  });

  it('builds the list credential for the workspace', async () => {
    const encodedList = await emptyEncodedList();
    expect(
      statusListCredential({
        listUrl: LIST_URL,
        issuerDid: 'did:web:x',
        encodedList,
        validFrom: '2026-01-01T00:00:00Z',
      }),
    ).toMatchObject({
      id: LIST_URL,
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      credentialSubject: { type: 'BitstringStatusList', statusPurpose: 'revocation', encodedList },
    });
    const suspension = statusListCredential({
      listUrl: LIST_URL,
      issuerDid: 'did:web:x',
      encodedList,
      validFrom: '2026-01-01T00:00:00Z',
      purpose: 'suspension',
    });
    expect(suspension.credentialSubject.statusPurpose).toBe('suspension');
  });
});

describe('the signed list', () => {
  it('signs and verifies like any credential, in both forms', async () => {
    const key = generateSigningKey('k1');
    const resolve = (id: string) =>
      id === 'did:web:dpp.example.com:tenants:acme#k1' ? { ...key.publicJwk } : null;
    const list = statusListCredential({
      listUrl: LIST_URL,
      issuerDid: 'did:web:dpp.example.com:tenants:acme',
      encodedList: await setStatusBit(await emptyEncodedList(), 9, true),
      validFrom: '2026-01-01T00:00:00Z',
    });
    expect(verifyDataIntegrity(signDataIntegrity(list, key), resolve)).toEqual({ ok: true, value: list });
    const verified = await verifyVcJwt(await signVcJwt(list, key), resolve);
    const subject = verified.ok
      ? (verified.value.credential.credentialSubject as { encodedList: string })
      : null;
    expect(await readStatusBit(subject?.encodedList ?? '', 9)).toBe(true);
  });
});
