// Custody of another node's passports (docs/backup.md): when CUSTODY_OF names a backup partner,
// public resolution answers that partner's copies at the origin's own paths for passports this node
// does not hold itself. Resolution sees this interface only; the backup host module provides it.
import type { PassportSubject } from './representations.ts';

export type CustodyKey = { id: string } | { productId: string };

export interface Custody {
  /** The newest copy a key names, in the public tier; null when none is held. */
  passport(key: CustodyKey): Promise<PassportSubject | null>;
  /** Whether a copy can be answered in this media type (never a form the host would have to sign). */
  offers(representationType: string): boolean;
  /** The media types a copy is offered in, for a 406. */
  readonly types: readonly string[];
}
