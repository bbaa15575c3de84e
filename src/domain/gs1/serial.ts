// GS1 AI 21 (serial number): up to 20 characters of CSET 82 (GS1 General Specifications 7.11).

/** The 82 characters of GS1 AI encodable character set 82. */
const CSET82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]*$/;
export const AI21_MAX_LENGTH = 20;

export type SerialProblem = 'EMPTY' | 'TOO_LONG' | 'CHARSET';

/** Why a value cannot be carried in AI 21, or null when it can. */
export function ai21Problem(value: string): SerialProblem | null {
  if (value.length === 0) return 'EMPTY';
  if (value.length > AI21_MAX_LENGTH) return 'TOO_LONG';
  return CSET82.test(value) ? null : 'CHARSET';
}

export const isCset82 = (value: string) => CSET82.test(value);
