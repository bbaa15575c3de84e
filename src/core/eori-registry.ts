// The outside register that says whether an EORI number exists (the EU's validation service in
// production, wired in app.ts). Its answer only decides a warning and the stored registryStatus.

export type EoriCheck = 'valid' | 'invalid' | 'unavailable';

export interface EoriRegistry {
  check(eori: string): Promise<EoriCheck>;
}
