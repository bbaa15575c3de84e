// The IDTA submodel templates a passport fills, and which document field fills which element.
// Each field names candidate document pointers: the first that holds a value the element can carry
// fills it. Only the elements we have data for are written; elements the templates make mandatory
// but a passport does not know (a contact address in the nameplate, say) are left out rather than
// invented. Semantic ids: IDTA 02006-2-0 (Digital Nameplate), IDTA 02023-0-9 (Carbon Footprint),
// Battery Pass data model v1.2 SAMM aspects (DIN DKE SPEC 99100) for batteries.
import { batteryPassSammMapping } from '../categories/batterypass-mapping.ts';

/**
 * What an element carries: `text` a Property xs:string, `langText` a MultiLanguageProperty in
 * English, `double` a Property xs:double, `scalar` a Property typed after the value (string,
 * number or boolean).
 */
export type FieldKind = 'text' | 'langText' | 'double' | 'scalar';

export interface TemplateField {
  idShort: string;
  semanticId: string;
  kind: FieldKind;
  /** The collection of the submodel (by idShort) the element sits in, if any. */
  collection?: string;
  /** Document pointers (RFC 6901, from the document root), in order of preference. */
  candidates: readonly string[];
}

export interface TemplateSubmodel {
  idShort: string;
  semanticId: string;
  /** Semantic ids of the collections its fields sit in, by idShort. */
  collections?: Readonly<Record<string, string>>;
  fields: readonly TemplateField[];
}

export const NAMEPLATE: TemplateSubmodel = {
  idShort: 'Nameplate',
  semanticId: 'https://admin-shell.io/zvei/nameplate/2/0/Nameplate',
  fields: [
    {
      idShort: 'URIOfTheProduct',
      semanticId: '0173-1#02-AAY811#001',
      kind: 'text',
      candidates: ['/@id'],
    },
    {
      idShort: 'ManufacturerName',
      semanticId: '0173-1#02-AAO677#002',
      kind: 'langText',
      candidates: [
        '/metadata/generalInformation/manufacturer/name',
        '/metadata/productInformation/manufacturer/name',
        '/economicOperator/name',
      ],
    },
    {
      idShort: 'ManufacturerProductDesignation',
      semanticId: '0173-1#02-AAW338#001',
      kind: 'langText',
      candidates: [
        '/metadata/generalInformation/batteryModel',
        '/metadata/productInformation/productName',
        '/metadata/productInformation/tradeName',
        '/metadata/productName',
      ],
    },
    {
      idShort: 'CountryOfOrigin',
      semanticId: '0173-1#02-AAO259#004',
      kind: 'text',
      candidates: ['/originCountry'],
    },
  ],
};

export const CARBON_FOOTPRINT: TemplateSubmodel = {
  idShort: 'CarbonFootprint',
  semanticId: 'https://admin-shell.io/idta/CarbonFootprint/CarbonFootprint/0/9',
  collections: {
    ProductCarbonFootprint: 'https://admin-shell.io/idta/CarbonFootprint/ProductCarbonFootprint/0/9',
  },
  fields: [
    {
      idShort: 'PCFCO2eq',
      semanticId: '0173-1#02-ABG855#001',
      kind: 'double',
      collection: 'ProductCarbonFootprint',
      candidates: [
        '/metadata/carbonFootprint/total',
        '/metadata/environmentalFootprint/climateChange',
        '/metadata/environmentalSustainability/gwpTotal/productStage',
        '/metadata/embeddedEmissions/total',
      ],
    },
  ],
};

/** Battery Pass aspects: the SAMM namespace (with version) of each aspect name. */
const BATTERY_PASS_ASPECTS: Readonly<Record<string, string>> = {
  GeneralProductInformation: 'io.BatteryPass.GeneralProductInformation:1.2.0',
  CarbonFootprintForBatteries: 'io.BatteryPass.CarbonFootprint:1.2.0',
  Circularity: 'io.BatteryPass.Circularity:1.2.0',
  Labeling: 'io.BatteryPass.Labels:1.2.0',
  MaterialComposition: 'io.BatteryPass.MaterialComposition:1.2.0',
  PerformanceAndDurability: 'io.BatteryPass.Performance:1.2.1',
  SupplyChainDueDiligence: 'io.BatteryPass.SupplyChainDueDiligence:1.2.0',
};

const sammUrn = (aspect: string, name: string) => `urn:samm:${BATTERY_PASS_ASPECTS[aspect]}#${name}`;

/**
 * One submodel per Battery Pass aspect, its properties flat under it (the SAMM entities that group
 * them are not rebuilt), from the scalar fields of our batteries schema that the data model maps.
 */
function batteryPassSubmodels(): TemplateSubmodel[] {
  const fields = new Map<string, TemplateField[]>();
  for (const [qualified, pointer] of Object.entries(batteryPassSammMapping)) {
    if (pointer === null || pointer.includes('*')) continue;
    const [aspect, property] = qualified.split('.') as [string, string];
    const list = fields.get(aspect) ?? [];
    list.push({
      idShort: property,
      semanticId: sammUrn(aspect, property),
      kind: 'scalar',
      candidates: [`/metadata${pointer}`],
    });
    fields.set(aspect, list);
  }
  return Object.keys(BATTERY_PASS_ASPECTS).map((aspect) => ({
    idShort: aspect,
    semanticId: sammUrn(aspect, aspect),
    fields: fields.get(aspect) ?? [],
  }));
}

const BATTERY_PASS = batteryPassSubmodels();

/** The templates of a category, in the order that decides which one holds a field claimed twice. */
export function templatesFor(category: unknown): readonly TemplateSubmodel[] {
  return category === 'batteries'
    ? [NAMEPLATE, CARBON_FOOTPRINT, ...BATTERY_PASS]
    : [NAMEPLATE, CARBON_FOOTPRINT];
}
