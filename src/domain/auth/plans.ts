// Subscription plans: who may use the API, how fast, and how many passports by default.

export const TIERS = ['starter', 'growth', 'scale', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

interface Plan {
  apiAccess: boolean;
  /** Requests per minute per key; null is unlimited. */
  perKeyPerMinute: number | null;
  defaultPassportLimit: number;
}

export const PLANS: Record<Tier, Plan> = {
  // No API access: only whoami answers (everything else is 402), under a small budget of its own.
  starter: { apiAccess: false, perKeyPerMinute: 60, defaultPassportLimit: 25 },
  growth: { apiAccess: true, perKeyPerMinute: 120, defaultPassportLimit: 1_000 },
  scale: { apiAccess: true, perKeyPerMinute: 600, defaultPassportLimit: 50_000 },
  enterprise: { apiAccess: true, perKeyPerMinute: null, defaultPassportLimit: 10_000_000 },
};

/** The workspace-wide ceiling over all its keys: three times the per-key rate. */
export const WORKSPACE_CEILING_FACTOR = 3;

export function perKeyLimit(tier: Tier): number | null {
  return PLANS[tier].perKeyPerMinute;
}

export function workspaceLimit(tier: Tier): number | null {
  const perKey = perKeyLimit(tier);
  return perKey === null ? null : perKey * WORKSPACE_CEILING_FACTOR;
}
