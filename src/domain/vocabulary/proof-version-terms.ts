// Terms of the seal and redaction fields of a passport, and of its version history.
import { PASSPORT, prop } from './core-terms.ts';
import { XSD } from './namespace.ts';
import type { TermSpec } from './types.ts';

const STRING = `${XSD}string`;

// Seal material is opaque JSON: its exact bytes are hashed and signed, and keys such as the JSON
// pointers in redactedLeaves are not terms, so interpreting it as linked data would mangle it.
export const PROOF_TERMS: readonly TermSpec[] = [
  prop(
    'digitalSeal',
    'Digital seal',
    'The advanced electronic seal over the Merkle root of the passport content; null until sealed.',
    {
      coercion: 'json',
      domain: [PASSPORT],
    },
  ),
  prop(
    'signingPublicKey',
    'Signing public key',
    'The public key that verifies the seal; null until sealed.',
    {
      coercion: 'json',
      domain: [PASSPORT],
    },
  ),
  prop('proof', 'Proof', 'Merkle proof of the sealed content; null until sealed.', {
    coercion: 'json',
    domain: [PASSPORT],
  }),
  prop(
    'redactedLeaves',
    'Redacted leaves',
    'Leaf hashes of the fields masked in this view, so that the seal stays verifiable.',
    {
      coercion: 'json',
    },
  ),
  // The marker's content is shaped by the public view; it is kept as given.
  prop(
    'restrictedData',
    'Restricted data',
    'Marker in the public view that some data is available to authorised readers only.',
    {
      coercion: 'json',
      domain: [PASSPORT],
    },
  ),
];

export const VERSION_TERMS: readonly TermSpec[] = [
  prop(
    'version',
    'Version',
    'A version: the number of an archived passport version, or the version label of a document.',
  ),
  prop('validUntil', 'Valid until', 'The instant the change that archived this version was recorded.', {
    coercion: 'dateTime',
  }),
  prop('recordedAt', 'Recorded at', 'When the change or measurement was recorded.', { coercion: 'dateTime' }),
  prop('changedBy', 'Changed by', 'Who made the change: user:<identifier> or key:<key id prefix>.', {
    range: STRING,
  }),
  prop('changeReason', 'Change reason', 'Why the change was made.', { range: STRING }),
];
