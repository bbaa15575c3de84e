// The CBV 2.0 and GS1 Web Vocabulary terms an EPCIS 2.0 JSON document may write as bare names. Any
// other value must be a URI; a URI in the old CBV namespaces (urn:epcglobal:cbv:…, ns.gs1.org/cbv) is
// refused because EPCIS 2.0 JSON writes those terms by their bare name.
import { isUri } from './checks.ts';

const words = (text: string): ReadonlySet<string> => new Set(text.trim().split(/\s+/));

export const BIZ_STEPS = words(`
  accepting arriving assembling collecting commissioning consigning creating_class_instance
  cycle_counting decommissioning departing destroying disassembling dispensing encoding
  entering_exiting holding inspecting installing killing loading other packing picking receiving
  removing repackaging repairing replacing reserving retail_selling shipping staging_outbound
  stock_taking stocking storing transporting unloading unpacking void_shipping sensor_reporting
  sampling`);

export const DISPOSITIONS = words(`
  active container_closed damaged destroyed dispensed disposed encoded expired in_progress in_transit
  inactive no_pedigree_match non_sellable_other partially_dispensed recalled reserved retail_sold
  returned sellable_accessible sellable_not_accessible stolen unknown available completeness_verified
  completeness_inferred conformant container_open mismatch_instance mismatch_class mismatch_quantity
  needs_replacement non_conformant unavailable`);

export const BIZ_TRANSACTION_TYPES = words(
  'bol cert desadv inv pedigree po poc prodorder recadv rma testprd testres upevt',
);

export const SOURCE_DESTINATION_TYPES = words('owning_party possessing_party location');

export const ERROR_REASONS = words('did_not_occur incorrect_data');

export const SENSOR_ALERT_TYPES = words('ALARM_CONDITION ERROR_CONDITION');

export const COMPONENTS = words(`
  x y z axial_distance azimuth height spherical_radius polar_angle elevation_angle easting northing
  latitude longitude altitude`);

/** gs1:MeasurementType terms of the GS1 Web Vocabulary, the `type` of a sensor report. */
export const MEASUREMENT_TYPES = words(`
  AbsoluteHumidity AbsorbedDose AbsorbedDoseRate Acceleration Radioactivity Altitude AmountOfSubstance
  AmountOfSubstancePerUnitVolume Angle AngularAcceleration AngularMomentum AngularVelocity Area
  Capacitance Conductance Conductivity Count Density Dimensionless DoseEquivalent DoseEquivalentRate
  DynamicViscosity ElectricCharge ElectricCurrent ElectricCurrentDensity ElectricFieldStrength Energy
  Exposure Force Frequency Illuminance Inductance Irradiance KinematicViscosity Length LinearMomentum
  Luminance LuminousFlux LuminousIntensity MagneticFlux MagneticFluxDensity MagneticVectorPotential
  Mass MassConcentration MassFlowRate MassPerAreaTime MemoryCapacity MolalityOfSolute MolarEnergy
  MolarMass MolarVolume Power Pressure RadiantFlux RadiantIntensity RelativeHumidity Resistance
  Resistivity SolidAngle SpecificVolume Speed SurfaceDensity SurfaceTension Temperature Time Torque
  Voltage Volume VolumeFlowRate VolumeFraction VolumetricFlux Wavenumber`);

const OLD_CBV_URI = /^(?:urn:epcglobal:cbv|https?:\/\/ns\.gs1\.org\/cbv\/)/;
const GS1_WEB_VOCABULARY_URI = /^https?:\/\/(?:www\.)?gs1\.org\/voc\//;

export type VocabularyVerdict = 'ok' | 'not-a-term' | 'old-cbv-uri' | 'web-vocabulary-uri';

/** A CBV term: a bare name of `terms`, or a URI outside the CBV namespaces. */
export function cbvTerm(value: string, terms: ReadonlySet<string>): VocabularyVerdict {
  if (terms.has(value)) return 'ok';
  if (!isUri(value)) return 'not-a-term';
  return OLD_CBV_URI.test(value) ? 'old-cbv-uri' : 'ok';
}

/** A GS1 Web Vocabulary term: a bare name of `terms`, or a URI outside gs1.org/voc. */
export function webVocabularyTerm(value: string, terms: ReadonlySet<string>): VocabularyVerdict {
  if (terms.has(value)) return 'ok';
  if (!isUri(value)) return 'not-a-term';
  return GS1_WEB_VOCABULARY_URI.test(value) ? 'web-vocabulary-uri' : 'ok';
}

const CBV_FORMS: Record<'BizStep' | 'Disp', RegExp> = {
  BizStep: /^(?:https?:\/\/(?:ref\.|www\.)?gs1\.org\/(?:cbv|voc)\/BizStep-|urn:epcglobal:cbv:bizstep:)(.+)$/,
  Disp: /^(?:https?:\/\/(?:ref\.|www\.)?gs1\.org\/(?:cbv|voc)\/Disp-|urn:epcglobal:cbv:disp:)(.+)$/,
};

/**
 * The bare CBV name of a business step or disposition written as a CBV or GS1 Web Vocabulary URI
 * (`https://ref.gs1.org/cbv/BizStep-shipping` → `shipping`); any other value is returned as given.
 */
export function cbvShortName(value: string, kind: 'BizStep' | 'Disp'): string {
  const match = CBV_FORMS[kind].exec(value);
  const terms = kind === 'BizStep' ? BIZ_STEPS : DISPOSITIONS;
  const name = match?.[1];
  return name !== undefined && terms.has(name) ? name : value;
}
