// What each passport category contributes to the UNTP credential subject (docs/credentials.md has
// the table). Only values that are present in the caller's tier are read, so a masked document
// yields a smaller credential, never a wrong one. Missing values stay missing: nothing is guessed.
import type {
  CategoryContribution,
  UntpClaim,
  UntpLink,
  UntpMaterial,
  UntpMeasure,
  UntpRegulation,
} from './untp-types.ts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at a dotted path, or undefined. */
function at(root: unknown, path: string): unknown {
  let node = root;
  for (const key of path.split('.')) {
    if (!isObject(node) || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return node;
}

const text = (root: unknown, path: string) => {
  const value = at(root, path);
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
};
const num = (root: unknown, path: string) => {
  const value = at(root, path);
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
};
const list = (root: unknown, path: string): unknown[] => {
  const value = at(root, path);
  return Array.isArray(value) ? value : [];
};
const isUrl = (value: string | undefined): value is string => {
  if (value === undefined) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};
/** A share in percent as UNTP's fraction (0..1). */
const fraction = (percent: number | undefined) =>
  percent === undefined || percent < 0 || percent > 100 ? undefined : Math.round(percent * 1e4) / 1e6;

/** UN/ECE Rec 20 codes for the units our schemas use; other units keep our schema's notation. */
const REC20: Record<string, string> = { kg: 'KGM', g: 'GRM', kWh: 'KWH', '%': 'P1', a: 'ANN', kgCO2e: 'KGM' };
export const measure = (value: number, unit: string): UntpMeasure => ({
  type: ['Measure'],
  value,
  unit: REC20[unit] ?? unit,
});

const link = (linkURL: string | undefined, linkName: string): UntpLink[] =>
  isUrl(linkURL) ? [{ type: ['Link'], linkURL, linkName }] : [];

const EUROPEAN_COMMISSION = { id: 'https://commission.europa.eu/', name: 'European Commission' };
const regulation = (celex: string, name: string): UntpRegulation => ({
  type: ['Regulation'],
  id: `https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:${celex}`,
  name,
  jurisdictionCountry: 'EU',
  administeredBy: EUROPEAN_COMMISSION,
});
export const REGULATIONS = {
  batteries: regulation('32023R1542', 'Regulation (EU) 2023/1542 concerning batteries and waste batteries'),
  ecodesign: regulation('32024R1781', 'Regulation (EU) 2024/1781 on ecodesign requirements (ESPR)'),
  energyLabelling: regulation('32017R1369', 'Regulation (EU) 2017/1369 on energy labelling'),
  rohs: regulation('32011L0065', 'Directive 2011/65/EU on hazardous substances in EEE (RoHS)'),
  clp: regulation('32008R1272', 'Regulation (EC) No 1272/2008 on classification and labelling (CLP)'),
  cpr: regulation('32011R0305', 'Regulation (EU) No 305/2011 on construction products (CPR)'),
  cbam: regulation('32023R0956', 'Regulation (EU) 2023/956 (Carbon Border Adjustment Mechanism)'),
} as const;

interface ClaimInput {
  subjectId: string;
  key: string;
  description: string;
  regulation: UntpRegulation;
  topic: string;
  conformance?: boolean;
  metric?: { name: string; value: number | undefined; unit: string };
  evidence?: string;
}

function claim(input: ClaimInput): UntpClaim[] {
  if (input.metric !== undefined && input.metric.value === undefined) return [];
  const result: UntpClaim = {
    type: ['Claim', 'Declaration'],
    id: `${input.subjectId}#${input.key}`,
    description: input.description,
    referenceRegulation: input.regulation,
    conformance: input.conformance ?? true,
    conformityTopic: input.topic,
  };
  if (input.metric?.value !== undefined) {
    result.declaredValue = [
      {
        type: ['Metric'],
        metricName: input.metric.name,
        metricValue: measure(input.metric.value, input.metric.unit),
      },
    ];
  }
  if (isUrl(input.evidence)) {
    result.conformityEvidence = {
      type: ['SecureLink', 'Link'],
      linkURL: input.evidence,
      linkName: input.description,
    };
  }
  return [result];
}

const dateOnly = (value: string | undefined) =>
  value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : undefined;

function batteries(m: unknown, subjectId: string): CategoryContribution {
  const chemistry =
    text(m, 'materialComposition.chemistry.clearName') ?? text(m, 'materialComposition.chemistry.shortName');
  const kind = text(m, 'generalInformation.batteryCategory');
  const mass = num(m, 'generalInformation.batteryMass');
  const materials: UntpMaterial[] = [];
  for (const item of list(m, 'materialComposition.detailedComposition')) {
    const name = text(item, 'name');
    if (!name) continue;
    const grams = num(item, 'mass');
    materials.push({
      type: ['Material'],
      name,
      ...(fraction(num(item, 'massShare')) !== undefined && {
        massFraction: fraction(num(item, 'massShare')),
      }),
      ...(grams !== undefined && { mass: measure(grams, 'g') }),
    });
  }
  for (const item of list(m, 'materialComposition.hazardousSubstances')) {
    const name = text(item, 'name');
    if (!name) continue;
    const share = fraction(num(item, 'concentration'));
    materials.push({
      type: ['Material'],
      name,
      hazardous: true,
      ...(share !== undefined && { massFraction: share }),
    });
  }
  return {
    name: text(m, 'generalInformation.batteryModel'),
    description: [kind, chemistry, 'battery'].filter(Boolean).join(' '),
    ...(mass !== undefined && { weight: measure(mass, 'kg') }),
    productionDate: dateOnly(text(m, 'generalInformation.manufacturingDate')),
    furtherInformation: [],
    claims: claim({
      subjectId,
      key: 'carbon-footprint',
      description: 'Carbon footprint per functional unit (Battery Regulation Art. 7)',
      regulation: REGULATIONS.batteries,
      topic: 'environment.emissions',
      metric: { name: 'carbon footprint', value: num(m, 'carbonFootprint.total'), unit: 'kgCO2e/kWh' },
      evidence: text(m, 'carbonFootprint.declarationUrl') ?? text(m, 'carbonFootprint.studyUrl'),
    }),
    materials,
    dueDiligenceDeclaration: link(
      text(m, 'supplyChainDueDiligence.reportUrl'),
      'Supply chain due diligence report',
    )[0],
  };
}

function textiles(m: unknown, subjectId: string): CategoryContribution {
  const materials: UntpMaterial[] = [];
  for (const item of list(m, 'fibreComposition')) {
    const name = text(item, 'fibre');
    if (!name) continue;
    const share = fraction(num(item, 'share'));
    const origin = text(item, 'originCountry');
    materials.push({
      type: ['Material'],
      name,
      ...(origin && { originCountry: origin }),
      ...(share !== undefined && { massFraction: share }),
      ...(share !== undefined && at(item, 'recycled') === true && { recycledMassFraction: share }),
    });
  }
  const recycled = fraction(num(m, 'recycledContent.totalShare'));
  const repair = link(text(m, 'repairability.repairInstructionsUrl'), 'Repair instructions')[0];
  const recycling = link(text(m, 'endOfLife.takeBackSchemeUrl'), 'Take-back scheme')[0];
  return {
    name: text(m, 'productInformation.productName'),
    description: [text(m, 'productInformation.brand'), text(m, 'productInformation.productType')]
      .filter(Boolean)
      .join(' '),
    furtherInformation: [],
    claims: claim({
      subjectId,
      key: 'climate-change',
      description: 'Climate change impact (Environmental Footprint)',
      regulation: REGULATIONS.ecodesign,
      topic: 'environment.emissions',
      metric: {
        name: 'climate change',
        value: num(m, 'environmentalFootprint.climateChange'),
        unit: 'kgCO2e',
      },
      evidence: text(m, 'environmentalFootprint.studyUrl'),
    }),
    materials,
    circularity: {
      ...(recycled !== undefined && { recycledContent: recycled }),
      ...(repair && { repairInformation: repair }),
      ...(recycling && { recyclingInformation: recycling }),
    },
  };
}

function electronics(m: unknown, subjectId: string): CategoryContribution {
  const energyClass = text(m, 'energy.energyClass');
  const rohs = at(m, 'substances.rohsCompliant');
  const repair = link(text(m, 'repairability.repairInformationUrl'), 'Repair information')[0];
  const recycling = link(text(m, 'weee.takeBackUrl'), 'WEEE take-back')[0];
  return {
    name: text(m, 'productInformation.productName'),
    description: [
      text(m, 'productInformation.brand'),
      text(m, 'productInformation.model'),
      text(m, 'productInformation.productType'),
    ]
      .filter(Boolean)
      .join(' '),
    furtherInformation: [],
    claims: [
      ...(energyClass
        ? claim({
            subjectId,
            key: 'energy-class',
            description: `Energy efficiency class ${energyClass}`,
            regulation: REGULATIONS.energyLabelling,
            topic: 'environment.energy',
          })
        : []),
      ...(typeof rohs === 'boolean'
        ? claim({
            subjectId,
            key: 'rohs',
            description: 'Restriction of hazardous substances (RoHS)',
            regulation: REGULATIONS.rohs,
            topic: 'governance.compliance',
            conformance: rohs,
          })
        : []),
    ],
    materials: [],
    circularity: {
      ...(repair && { repairInformation: repair }),
      ...(recycling && { recyclingInformation: recycling }),
    },
  };
}

function chemicals(m: unknown, subjectId: string): CategoryContribution {
  const signalWord = text(m, 'clpClassification.signalWord');
  return {
    name: text(m, 'productInformation.tradeName'),
    description: text(m, 'productInformation.productForm'),
    furtherInformation: link(text(m, 'safetyDataSheet.url'), 'Safety data sheet'),
    claims: isObject(at(m, 'clpClassification'))
      ? claim({
          subjectId,
          key: 'clp',
          description: `CLP classification${signalWord ? ` (signal word: ${signalWord})` : ''}`,
          regulation: REGULATIONS.clp,
          topic: 'social.safety',
          evidence: text(m, 'safetyDataSheet.url'),
        })
      : [],
    materials: [],
  };
}

function construction(m: unknown, subjectId: string): CategoryContribution {
  const ce = at(m, 'ceMarking.affixed');
  const recycled = fraction(num(m, 'environmentalSustainability.recycledContentShare'));
  const recyclable = fraction(num(m, 'environmentalSustainability.recyclableShare'));
  return {
    name: text(m, 'productInformation.productName'),
    description: text(m, 'productInformation.productTypeIdentifier'),
    furtherInformation: link(
      text(m, 'environmentalSustainability.epdUrl'),
      'Environmental product declaration',
    ),
    claims: isObject(at(m, 'declarationOfPerformance'))
      ? claim({
          subjectId,
          key: 'declaration-of-performance',
          description: `Declaration of performance${text(m, 'declarationOfPerformance.dopNumber') ? ` ${text(m, 'declarationOfPerformance.dopNumber')}` : ''}`,
          regulation: REGULATIONS.cpr,
          topic: 'governance.compliance',
          conformance: ce === true,
          evidence: text(m, 'declarationOfPerformance.url'),
        })
      : [],
    materials: [],
    circularity: {
      ...(recycled !== undefined && { recycledContent: recycled }),
      ...(recyclable !== undefined && { recyclableContent: recyclable }),
    },
  };
}

/** Cosmetics and toys: a name and nothing UNTP has a field for. */
function named(m: unknown): CategoryContribution {
  return { name: text(m, 'productName'), furtherInformation: [], claims: [], materials: [] };
}

/** Iron, steel and aluminium: embedded emissions (CBAM) and recycled content. */
function metals(m: unknown, subjectId: string, label: string): CategoryContribution {
  const recycled = fraction(num(m, 'recycledContentPercent'));
  return {
    name: label,
    furtherInformation: [],
    claims: claim({
      subjectId,
      key: 'embedded-emissions',
      description: 'Specific embedded direct emissions (CBAM)',
      regulation: REGULATIONS.cbam,
      topic: 'environment.emissions',
      metric: { name: 'embedded emissions', value: num(m, 'embeddedEmissions.direct'), unit: 'tCO2e/t' },
    }),
    materials: [],
    circularity: recycled !== undefined ? { recycledContent: recycled } : {},
  };
}

/** The UNTP contribution of a passport's category metadata. */
export function categoryContribution(
  category: string,
  metadata: unknown,
  subjectId: string,
): CategoryContribution {
  switch (category) {
    case 'batteries':
      return batteries(metadata, subjectId);
    case 'textiles':
      return textiles(metadata, subjectId);
    case 'electronics':
      return electronics(metadata, subjectId);
    case 'chemicals':
      return chemicals(metadata, subjectId);
    case 'construction':
      return construction(metadata, subjectId);
    case 'iron-steel': {
      const grade = text(metadata, 'steelGrade');
      return metals(metadata, subjectId, grade ? `Steel ${grade}` : 'Steel');
    }
    case 'aluminium': {
      const alloy = [text(metadata, 'alloyDesignation'), text(metadata, 'temper')].filter(Boolean).join('-');
      return metals(metadata, subjectId, alloy ? `Aluminium ${alloy}` : 'Aluminium');
    }
    default:
      return named(metadata);
  }
}
