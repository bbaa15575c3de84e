// Passport lifecycle: the status moves PUT …/status may make. Anything else is a conflict.

export const PASSPORT_STATUSES = ['DRAFT', 'ACTIVE', 'RECALLED', 'DECOMMISSIONED'] as const;
export type PassportStatus = (typeof PASSPORT_STATUSES)[number];

const MOVES: Record<PassportStatus, readonly PassportStatus[]> = {
  DRAFT: ['ACTIVE'], // publish
  ACTIVE: ['RECALLED', 'DECOMMISSIONED'],
  RECALLED: ['ACTIVE'], // reactivate
  DECOMMISSIONED: ['ACTIVE'], // reactivate
};

export function canMove(from: PassportStatus, to: PassportStatus): boolean {
  return MOVES[from].includes(to);
}

/** The name a move goes by in history reasons and webhooks. */
export function moveName(from: PassportStatus, to: PassportStatus): string {
  if (from === 'DRAFT') return 'publish';
  if (to === 'RECALLED') return 'recall';
  if (to === 'DECOMMISSIONED') return 'decommission';
  return 'reactivate';
}

/** The lower-case label of the EN 18223 header's dppStatus. */
export function dppStatus(status: PassportStatus): string {
  return status.toLowerCase();
}

/** How long a passport stays available after decommissioning (Battery Regulation Art. 77(8): 10 years). */
export const RETENTION_YEARS = 10;
