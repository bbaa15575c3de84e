// The shape of one entry of the AI table generated from the GS1 Barcode Syntax Dictionary
// (scripts/generate-ai-table.ts writes ai-table.generated.ts in this shape).

/** N: digits; X: CSET 82; Y: CSET 39; Z: base64url (CSET 64). */
export type Cset = 'N' | 'X' | 'Y' | 'Z';

export interface AiComponent {
  cset: Cset;
  min: number;
  max: number;
  /** `[...]` in the dictionary: may be left out once the data is exhausted. */
  optional: boolean;
  /** Names of the dictionary's linters (csum, yymmdd, iso3166, ...) applied to this component. */
  linters: readonly string[];
}

export interface AiEntry {
  ai: string;
  title: string;
  /** Pre-defined length (dictionary flag `*`): never followed by an FNC1 separator. */
  predefinedLength: boolean;
  /** Needs an FNC1 (GS) separator when another AI follows it in an element string. */
  fnc1Required: boolean;
  /** Permitted as a GS1 Digital Link data attribute (dictionary flag `?`). */
  dlDataAttribute: boolean;
  /** A GS1 Digital Link primary key (`dlpkey`). */
  dlPrimaryKey: boolean;
  /** Ordered key-qualifier sequences a primary key accepts, one per alternative (`dlpkey=22,10,21|235`). */
  dlQualifiers: readonly (readonly string[])[];
  components: readonly AiComponent[];
  /**
   * Each `req=` attribute is one requirement; a requirement is met when one of its alternatives is
   * present, an alternative being AIs joined by `+` that must all be present. Patterns use `n` for
   * any digit (`31nn`).
   */
  requires: readonly (readonly (readonly string[])[])[];
  /** AIs or patterns this AI must not appear with (`ex=`). */
  excludes: readonly string[];
}
