// W3C Bitstring Status List v1.0: one list per workspace and status purpose, one bit per issued
// credential in each. The encoding (GZIP, base64url, multibase `u`, bit 0 = most significant bit of the
// first byte) is the library's; this file fixes our shapes and bounds.
import { randomInt } from 'node:crypto';
import { type BitstringStatusList, createList, decodeList } from '@digitalbazaar/vc-bitstring-status-list';
import { VC_V2_CONTEXT } from './untp.ts';

/** The spec's minimum list length (16 KiB of bits), so one bit says nothing about who holds it. */
export const STATUS_LIST_LENGTH = 131_072;
/**
 * The purposes we publish a list for: `revocation` (a set bit is final, the spec says it is not
 * reversible) and `suspension` (a set bit may be cleared again).
 */
export const STATUS_PURPOSES = ['revocation', 'suspension'] as const;
export type StatusPurpose = (typeof STATUS_PURPOSES)[number];

export interface StatusEntryInput {
  /** URL of the list credential: `<baseUrl>/tenants/<tenantId>/status/<purpose>`. */
  listUrl: string;
  index: number;
  /** The list's purpose; `revocation` when not given. */
  purpose?: StatusPurpose;
}

export interface BitstringStatusListEntry {
  id: string;
  type: 'BitstringStatusListEntry';
  statusPurpose: StatusPurpose;
  /** A base-10 string, as the spec requires. */
  statusListIndex: string;
  statusListCredential: string;
}

function checkIndex(index: number, length = STATUS_LIST_LENGTH): void {
  if (!Number.isSafeInteger(index) || index < 0 || index >= length) {
    throw new RangeError(`status list index ${index} is outside 0..${length - 1}`);
  }
}

/** The `credentialStatus` entry of a credential whose bit is `index` in the list at `listUrl`. */
export function statusListEntry({
  listUrl,
  index,
  purpose = 'revocation',
}: StatusEntryInput): BitstringStatusListEntry {
  checkIndex(index);
  return {
    id: `${listUrl}#${index}`,
    type: 'BitstringStatusListEntry',
    statusPurpose: purpose,
    statusListIndex: String(index),
    statusListCredential: listUrl,
  };
}

/** The encodedList of a list with every bit 0 (nothing revoked or suspended). */
export async function emptyEncodedList(length = STATUS_LIST_LENGTH): Promise<string> {
  if (!Number.isSafeInteger(length) || length < STATUS_LIST_LENGTH || length % 8 !== 0) {
    throw new RangeError(`a status list holds at least ${STATUS_LIST_LENGTH} bits, a whole number of bytes`);
  }
  return (await createList({ length })).encode();
}

async function decode(encodedList: string): Promise<BitstringStatusList> {
  const list = await decodeList({ encodedList });
  if (list.length < STATUS_LIST_LENGTH) {
    throw new RangeError(`the status list has ${list.length} bits, fewer than ${STATUS_LIST_LENGTH}`);
  }
  return list;
}

/** The bit at `index` (true = revoked, or suspended, as the list's purpose says). */
export async function readStatusBit(encodedList: string, index: number): Promise<boolean> {
  const list = await decode(encodedList);
  checkIndex(index, list.length);
  return list.getStatus(index);
}

/**
 * The list with the bits in `changes` set (true) or cleared (false). Returns the same string when
 * nothing changes, so a caller can skip re-signing by comparing.
 */
export async function setStatusBits(
  encodedList: string,
  changes: ReadonlyMap<number, boolean>,
): Promise<string> {
  const list = await decode(encodedList);
  let changed = false;
  for (const [index, value] of changes) {
    checkIndex(index, list.length);
    if (list.getStatus(index) !== value) {
      list.setStatus(index, value);
      changed = true;
    }
  }
  return changed ? list.encode() : encodedList;
}

export const setStatusBit = (encodedList: string, index: number, revoked: boolean) =>
  setStatusBits(encodedList, new Map([[index, revoked]]));

/**
 * A free index for a new credential, drawn at random (the spec's privacy advice: sequential
 * indexes reveal issuance order). `isTaken` answers for the workspace's allocated indexes; after
 * 64 random misses the lowest free index is taken. Throws when the list is full.
 */
export function allocateStatusIndex(
  isTaken: (index: number) => boolean,
  length = STATUS_LIST_LENGTH,
  random: (max: number) => number = randomInt,
): number {
  for (let attempt = 0; attempt < 64; attempt++) {
    const index = random(length);
    if (!isTaken(index)) return index;
  }
  for (let index = 0; index < length; index++) if (!isTaken(index)) return index;
  throw new RangeError('the status list is full');
}

export interface StatusListCredentialInput {
  listUrl: string;
  issuerDid: string;
  encodedList: string;
  /** When this state of the list was produced (ISO 8601). */
  validFrom: string;
  /** `revocation` when not given. */
  purpose?: StatusPurpose;
}

/** The unsigned `BitstringStatusListCredential`; sign it like any credential. */
export function statusListCredential({
  listUrl,
  issuerDid,
  encodedList,
  validFrom,
  purpose = 'revocation',
}: StatusListCredentialInput) {
  return {
    '@context': [VC_V2_CONTEXT],
    id: listUrl,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: issuerDid,
    validFrom,
    credentialSubject: {
      id: `${listUrl}#list`,
      type: 'BitstringStatusList',
      statusPurpose: purpose,
      encodedList,
    },
  };
}

export type StatusListCredential = ReturnType<typeof statusListCredential>;
