// The UNTP DPP 0.6.1 shapes we emit (a subset of the release's schema; members we never fill are
// left out). Objects whose class the release's JSON-LD context does not define (Link, Measure,
// Metric, Dimension, Material, CircularityPerformance) carry no `type`, as in the release sample:
// a type the context cannot expand would make the credential invalid JSON-LD.

export interface UntpLink {
  linkURL: string;
  linkName: string;
}

export interface UntpMeasure {
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
  declaredValue?: { metricName: string; metricValue: UntpMeasure }[];
  conformance: boolean;
  conformityTopic: string;
  conformityEvidence?: { linkURL: string; linkName: string };
}

export interface UntpMaterial {
  name: string;
  originCountry?: string;
  massFraction?: number;
  mass?: UntpMeasure;
  recycledMassFraction?: number;
  hazardous?: boolean;
}

export interface UntpCircularity {
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
  circularity?: UntpCircularity;
  dueDiligenceDeclaration?: UntpLink;
}
