// The UNTP DPP 0.6.1 shapes we emit (a subset of the release's schema; members we never fill are
// left out).

export interface UntpLink {
  type: ['Link'];
  linkURL: string;
  linkName: string;
}

export interface UntpMeasure {
  type: ['Measure'];
  value: number;
  unit: string;
}

export interface UntpParty {
  id: string;
  name: string;
  registeredId?: string;
}

export interface UntpRegulation {
  type: ['Regulation'];
  id: string;
  name: string;
  jurisdictionCountry: string;
  administeredBy: UntpParty;
}

export interface UntpClaim {
  type: ['Claim', 'Declaration'];
  id: string;
  description: string;
  referenceRegulation: UntpRegulation;
  declaredValue?: { type: ['Metric']; metricName: string; metricValue: UntpMeasure }[];
  conformance: boolean;
  conformityTopic: string;
  conformityEvidence?: { type: ['SecureLink', 'Link']; linkURL: string; linkName: string };
}

export interface UntpMaterial {
  type: ['Material'];
  name: string;
  originCountry?: string;
  massFraction?: number;
  mass?: UntpMeasure;
  recycledMassFraction?: number;
  hazardous?: boolean;
}

export interface UntpCircularity {
  type: ['CircularityPerformance'];
  recyclingInformation?: UntpLink;
  repairInformation?: UntpLink;
  recyclableContent?: number;
  recycledContent?: number;
}

/** What one category contributes to the credential subject. */
export interface CategoryContribution {
  name?: string;
  description?: string;
  weight?: UntpMeasure;
  productionDate?: string;
  furtherInformation: UntpLink[];
  claims: UntpClaim[];
  materials: UntpMaterial[];
  circularity?: Omit<UntpCircularity, 'type'>;
  dueDiligenceDeclaration?: UntpLink;
}
