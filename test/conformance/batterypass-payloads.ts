// Maps Battery Pass v1.2 sample payloads onto our batteries metadata. The mapping converts
// vocabularies (enum spellings, gMonth warranty, stage lists) but never repairs values, so the
// generator's out-of-range numbers still reach validation.
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const o = (v: unknown): Obj => (isObj(v) ? v : {});
const list = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);
const j = (v: unknown): Json => (v === undefined ? null : (v as Json));

/** Drop undefined/null members so absent payload fields do not overwrite our example. */
function clean(value: Record<string, unknown>): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(value)) if (v !== undefined && v !== null) out[k] = v as Json;
  return out;
}

/** `AcuteToxicity` → `ACUTE_TOXICITY`. */
const upperSnake = (s: unknown): string =>
  String(s)
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toUpperCase();
const dateOf = (s: unknown): string | undefined => (typeof s === 'string' ? s.slice(0, 10) : undefined);

const CATEGORY: Record<string, string> = {
  lmt: 'LMT',
  ev: 'EV',
  industrial: 'INDUSTRIAL',
  stationary: 'INDUSTRIAL',
};
const STAGE: Record<string, string> = {
  RawMaterialExtraction: 'rawMaterialAcquisition',
  MainProduction: 'mainProductProduction',
  Distribution: 'distribution',
  Recycling: 'endOfLifeAndRecycling',
};
const DOCUMENT: Record<string, string> = {
  BillOfMaterial: 'BILL_OF_MATERIALS',
  Model3D: 'MODEL_3D',
  DismantlingManual: 'DISASSEMBLY_MANUAL',
  RemovalManual: 'REMOVAL_MANUAL',
  OtherManual: 'OTHER',
  Drawing: 'DRAWING',
};
const LABEL: Record<string, string> = {
  SeparateCollection: 'SEPARATE_COLLECTION',
  HazardousMaterial: 'HAZARD',
  CarbonFootPrint: 'CARBON_FOOTPRINT',
  ExtinguishingAgent: 'EXTINGUISHING_AGENT',
};
const HAZARD: Record<string, string> = {
  AcuteToxicity: 'ACUTE_TOXICITY',
  SkinCorrosionOrIrritation: 'SKIN_CORROSION_IRRITATION',
  EyeDamageOrIrritation: 'SERIOUS_EYE_DAMAGE_IRRITATION',
};
const COMPONENTS = ['CATHODE', 'ANODE', 'ELECTROLYTE', 'SEPARATOR', 'CELL', 'MODULE', 'PACK', 'CASING'];
// Component names are free text in Battery Pass; anything outside our list is OTHER.
const component = (name: unknown): string =>
  COMPONENTS.includes(upperSnake(name)) ? upperSnake(name) : 'OTHER';
const mapped = (table: Record<string, string>, v: unknown): string => table[String(v)] ?? String(v);

function address(a: unknown): Obj {
  const x = o(a);
  return clean({ streetAddress: x.streetAddress, postalCode: x.postalCode, countryCode: x.addressCountry });
}

function party(p: unknown): Obj {
  const x = o(p);
  return clean({
    name: x.contactName,
    operatorIdentifier: x.identifier,
    postalAddress: x.postalAddress === undefined ? undefined : address(x.postalAddress),
    email: x.emailAddress,
    webAddress: x.webAddress,
  });
}

function generalProductInformation(p: Obj): Obj {
  const months = /^--(\d{2})/.exec(String(p.warrentyPeriod ?? ''))?.[1];
  return {
    generalInformation: clean({
      batteryPassportIdentifier: p.batteryPassportIdentifier,
      productIdentifier: p.productIdentifier,
      batteryCategory: CATEGORY[String(p.batteryCategory)] ?? p.batteryCategory,
      manufacturer: party(p.manufacturerInformation),
      economicOperator: party(p.operatorInformation),
      manufacturingPlace: clean({ countryCode: o(p.manufacturingPlace).addressCountry }),
      manufacturingDate: dateOf(p.manufacturingDate),
      puttingIntoServiceDate: dateOf(p.puttingIntoService),
      batteryMass: p.batteryMass,
      batteryStatus: p.batteryStatus === undefined ? undefined : upperSnake(p.batteryStatus),
    }),
    ...(months === undefined
      ? {}
      : { performance: { commercialWarranty: { periodMonths: Number(months) } } }),
  };
}

function carbonFootprint(p: Obj): Obj {
  const stages: Obj = {};
  for (const s of list(p.carbonFootprintPerLifecycleStage))
    stages[mapped(STAGE, o(s).lifecycleStage)] = j(o(s).carbonFootprint);
  return {
    carbonFootprint: clean({
      total: p.batteryCarbonFootprint,
      absolute: p.absoluteCarbonFootprint,
      perLifeCycleStage: stages,
      performanceClass: p.carbonFootprintPerformanceClass,
      studyUrl: p.carbonFootprintStudy,
    }),
  };
}

function circularity(p: Obj): Obj {
  const recycled: Obj = {};
  for (const r of list(p.recycledContent)) {
    recycled[String(o(r).recycledMaterial).toLowerCase()] = clean({
      preConsumerShare: o(r).preConsumerShare,
      postConsumerShare: o(r).postConsumerShare,
    });
  }
  const safety = o(p.safetyMeasures);
  const eol = o(p.endOfLifeInformation);
  return {
    circularity: clean({
      recycledContent: recycled,
      renewableContentShare: p.renewableContent,
      extinguishingAgents: safety.extinguishingAgent,
      dismantlingInformation: {
        documents: list(p.dismantlingAndRemovalInformation).map((d) =>
          clean({
            documentType: mapped(DOCUMENT, o(d).documentType),
            mimeType: o(d).mimeType,
            url: o(d).documentURL,
          }),
        ),
      },
      sparePartSources: list(p.sparePartSources).map((s) =>
        clean({
          supplierName: o(s).nameOfSupplier,
          postalAddress: address(o(s).addressOfSupplier),
          email: o(s).emailAddressOfSupplier,
          webAddress: o(s).supplierWebAddress,
          components: list(o(s).components).map((c) =>
            clean({ partName: o(c).partName, partNumber: o(c).partNumber }),
          ),
        }),
      ),
      safetyMeasures: clean({ instructionsUrl: safety.safetyInstructions }),
      endOfLifeInformation: clean({
        wastePreventionUrl: eol.wastePrevention,
        separateCollectionUrl: eol.separateCollection,
        collectionAndTreatmentUrl: eol.informationOnCollection,
      }),
    }),
  };
}

function labeling(p: Obj): Obj {
  return {
    labelling: {
      labels: list(p.labels).map((l) => {
        const meaning = o(o(l).labelingMeaning);
        return clean({
          subject: mapped(LABEL, o(l).labelingSubject),
          symbolUrl: o(l).labelingSymbol,
          meaning: meaning.en ?? Object.values(meaning)[0],
        });
      }),
      declarationOfConformity: clean({ url: p.declarationOfConformity }),
    },
    testReports: [clean({ url: p.resultOfTestReport })],
  };
}

function materialComposition(p: Obj): Obj {
  const chemistry = o(p.batteryChemistry);
  return {
    materialComposition: clean({
      chemistry: clean({ shortName: chemistry.shortName, clearName: chemistry.clearName }),
      hazardousSubstances: list(p.hazardousSubstances).map((h) => {
        const x = o(h);
        return clean({
          name: x.hazardousSubstanceName,
          casNumber: x.hazardousSubstanceIdentifier,
          hazardClasses: [mapped(HAZARD, x.hazardousSubstanceClass)],
          concentration: x.hazardousSubstanceConcentration,
          location: clean({
            component: component(o(x.hazardousSubstanceLocation).componentName),
            componentId: o(x.hazardousSubstanceLocation).componentId,
          }),
          impacts: x.hazardousSubstanceImpact,
        });
      }),
      detailedComposition: list(p.batteryMaterials).map((m) => {
        const x = o(m);
        return clean({
          name: x.batteryMaterialName,
          casNumber: x.batteryMaterialIdentifier,
          component: component(o(x.batteryMaterialLocation).componentName),
          mass: x.batteryMaterialMass,
          criticalRawMaterial: x.isCriticalRawMaterial,
        });
      }),
    }),
  };
}

export { clean, isObj, j, list, o, upperSnake };
export const PAYLOAD_MAPPERS: Record<string, (p: Obj) => Obj> = {
  GeneralProductInformation: generalProductInformation,
  CarbonFootprintForBatteries: carbonFootprint,
  Circularity: circularity,
  Labeling: labeling,
  MaterialComposition: materialComposition,
};
