// What each passport category contributes to the UNTP credential subject (docs/credentials.md has
// the table). Only values that are present in the caller's tier are read, so a masked document
// yields a smaller credential, never a wrong one. Missing values stay missing: nothing is guessed.
import type { CategoryContribution, UntpMaterial } from './untp-types.ts';
import {
  at,
  claim,
  dateOnly,
  fraction,
  isObject,
  link,
  list,
  measure,
  num,
  REGULATIONS,
  text,
} from './untp-values.ts';

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
