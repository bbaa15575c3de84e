// The template submodels we export, held against the material they follow: the IDTA Digital Nameplate
// fixture of the aas-test-engines (element kinds, value types and semantic ids where it gives them),
// the Battery Pass v1.2 SAMM models (every semantic id names an aspect or a property the model
// defines), and aas-core's own serialisation (our JSON is exactly what aas-core writes back).
import { readFileSync } from 'node:fs';
import { jsonization } from '@aas-core-works/aas-core3.0-typescript';
import { describe, expect, it } from 'vitest';
import { passportToEnvironment } from '../../src/domain/aas/to-environment.ts';
import { validateEnvironment } from '../../src/domain/aas/validate.ts';
import { CATEGORIES } from '../../src/domain/categories/types.ts';
import { BASE_URL, samplePassport } from '../../src/domain/passports/samples.ts';
import { material, materialJson } from './material.ts';

interface Element {
  modelType: string;
  idShort: string;
  valueType?: string;
  semanticId?: { keys: { value: string }[] };
  value?: unknown;
}
interface Environment {
  submodels: { idShort: string; semanticId: { keys: { value: string }[] }; submodelElements: Element[] }[];
}

const exported = (category: (typeof CATEGORIES)[number]) =>
  passportToEnvironment(samplePassport(category), { baseUrl: BASE_URL }) as unknown as Environment;

describe('Digital Nameplate', () => {
  const fixture = materialJson<Environment>(
    'aas-test-engines',
    'test',
    'fixtures',
    'submodel_templates',
    'digital_nameplate.json',
  );
  const template = fixture.submodels[0];

  it('uses the template semantic id and the fixture kinds of every element we fill', () => {
    for (const category of CATEGORIES) {
      const nameplate = exported(category).submodels.find((s) => s.idShort === 'Nameplate');
      expect(nameplate?.semanticId.keys[0]?.value).toBe(template?.semanticId.keys[0]?.value);
      expect(nameplate?.submodelElements.length).toBeGreaterThanOrEqual(3);
      for (const element of nameplate?.submodelElements ?? []) {
        const reference = template?.submodelElements.find((e) => e.idShort === element.idShort);
        expect(reference, element.idShort).toBeDefined();
        expect(element.modelType).toBe(reference?.modelType);
        expect(element.valueType).toBe(reference?.valueType);
        if (reference?.semanticId) expect(element.semanticId).toEqual(reference.semanticId);
      }
    }
  });
});

describe('Battery Pass submodels', () => {
  const root = material('batterypass-data-model', 'BatteryPass');
  const ttl = (namespace: string) => {
    const [name, version] = namespace.replace(/^urn:samm:/, '').split(':') as [string, string];
    const models: Record<string, string> = {
      'io.BatteryPass.GeneralProductInformation': 'GeneralProductInformation.ttl',
      'io.BatteryPass.CarbonFootprint': 'CarbonFootprintForBatteries.ttl',
      'io.BatteryPass.Circularity': 'Circularity.ttl',
      'io.BatteryPass.Labels': 'Labeling.ttl',
      'io.BatteryPass.MaterialComposition': 'MaterialComposition.ttl',
      'io.BatteryPass.Performance': 'PerformanceAndDurability.ttl',
      'io.BatteryPass.SupplyChainDueDiligence': 'SupplyChainDueDiligence.ttl',
    };
    return readFileSync(`${root}/${name}/${version}/${models[name]}`, 'utf8');
  };

  it('name aspects and properties that the SAMM models define', () => {
    const environment = exported('batteries');
    const aspects = environment.submodels.filter((s) => s.semanticId.keys[0]?.value.startsWith('urn:samm:'));
    expect(aspects).toHaveLength(7);
    let properties = 0;
    for (const aspect of aspects) {
      const [namespace, name] = (aspect.semanticId.keys[0]?.value ?? '').split('#') as [string, string];
      const model = ttl(namespace);
      expect(model).toContain(`@prefix : <${namespace}#> .`);
      expect(model).toMatch(new RegExp(`^:${name} a samm:Aspect`, 'm'));
      for (const element of aspect.submodelElements) {
        const [elementNamespace, property] = (element.semanticId?.keys[0]?.value ?? '').split('#');
        expect(elementNamespace).toBe(namespace);
        expect(model, property).toMatch(new RegExp(`^:${property} a samm:Property`, 'm'));
        properties += 1;
      }
    }
    expect(properties).toBeGreaterThan(40);
  });
});

describe('our JSON is aas-core JSON', () => {
  it.each(CATEGORIES)('%s: aas-core reads and writes back the same environment', (category) => {
    const environment = JSON.parse(JSON.stringify(exported(category)));
    const result = validateEnvironment(environment);
    expect(result.ok).toBe(true);
    if (result.ok) expect(jsonization.toJsonable(result.environment)).toEqual(environment);
  });
});
