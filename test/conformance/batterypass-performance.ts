// Performance (1.2.1) and supply-chain payloads onto our batteries metadata; see batterypass-payloads.ts.
import { clean, type Json, j, list, o, PAYLOAD_MAPPERS } from './batterypass-payloads.ts';

type Obj = { [key: string]: Json };

/** A `{ xValue, lastUpdate }` reading of Battery Pass becomes our `{ value, lastUpdated }`. */
function reading(v: unknown, valueKey: string): Obj | undefined {
  if (v === undefined) return undefined;
  const x = o(v);
  return clean({ value: x[valueKey], lastUpdated: x.lastUpdate });
}

function byComponent(entries: unknown, valueKey: string): Obj {
  const out: Obj = {};
  for (const e of list(entries)) out[String(o(e).batteryComponent)] = j(o(e)[valueKey]);
  return out;
}

function performance(p: Obj): Obj {
  const t = o(p.batteryTechicalProperties);
  const c = o(p.batteryCondition);
  const idle = o(t.temperatureRangeIdleState);
  const increase = list(c.internalResistanceIncrease);
  const remainingPower = o(c.remainingPowerCapability);
  const rpc = o(remainingPower.remainingPowerCapabilityValue);
  const temps = o(c.temperatureInformation);
  return {
    performance: clean({
      ratedCapacity: t.ratedCapacity,
      ratedEnergy: t.ratedEnergy,
      minimumVoltage: t.minimumVoltage,
      nominalVoltage: t.nominalVoltage,
      maximumVoltage: t.maximumVoltage,
      originalPowerCapability: list(t.originalPowerCapability).map((x) =>
        clean({ stateOfCharge: o(x).atSoC, power: o(x).powerCapabilityAt }),
      ),
      ratedMaximumPower: t.ratedMaximumPower,
      powerToEnergyRatio: t.powerCapabilityRatio,
      expectedLifetimeCycles: t.expectedNumberOfCycles,
      expectedLifetimeYears: t.expectedLifetime,
      cycleLifeReferenceTest: t.lifetimeReferenceTest,
      cycleLifeTestCRate: t.cRateLifeCycleTest,
      maximumCRate: t.cRate,
      capacityThresholdForExhaustion: t.capacityThresholdForExhaustion,
      temperatureRangeIdleState: clean({ lowerBoundary: idle.minimum, upperBoundary: idle.maximum }),
      roundTripEnergyEfficiency: clean({
        initial: t.roundtripEfficiency,
        atFiftyPercentCycleLife: t.roundTripEfficiencyat50PerCentCycleLife,
      }),
      initialInternalResistance: byComponent(t.initialInternalResistance, 'ohmicResistance'),
      initialSelfDischargeRate: t.initialSelfDischarge,
    }),
    batteryCondition: clean({
      stateOfCertifiedEnergy: reading(c.stateOfCertifiedEnergy, 'stateOfCertifiedEnergyValue'),
      remainingCapacity: reading(c.remainingCapacity, 'remainingCapacityValue'),
      capacityFade: reading(c.capacityFade, 'capacityFadeValue'),
      remainingEnergy: reading(c.remainingEnergy, 'remainingEnergyValue'),
      stateOfCharge: reading(c.stateOfCharge, 'stateOfChargeValue'),
      remainingPowerCapability:
        c.remainingPowerCapability === undefined
          ? undefined
          : [
              clean({
                stateOfCharge: rpc.atSoC,
                power: rpc.powerCapabilityAt,
                lastUpdated: rpc.rPCLastUpdated,
              }),
            ],
      // Fades sit with the static properties in Battery Pass; ours are readings of the state of health.
      powerFade: t.powerFade === undefined ? undefined : { value: j(t.powerFade) },
      roundTripEnergyEfficiencyFade:
        t.roundTripEfficiencyFade === undefined ? undefined : { value: j(t.roundTripEfficiencyFade) },
      remainingRoundTripEnergyEfficiency: reading(
        c.remainingRoundTripEnergyEfficiency,
        'remainingRoundTripEnergyEfficiencyValue',
      ),
      internalResistanceIncrease:
        increase.length === 0
          ? undefined
          : {
              ...byComponent(increase, 'internalResistanceIncreaseValue'),
              lastUpdated: j(o(increase[0]).lastUpdate),
            },
      currentSelfDischargeRate: reading(c.currentSelfDischargingRate, 'currentSelfDischargingRateValue'),
      evolutionOfSelfDischarge: reading(c.evolutionOfSelfDischarge, 'evolutionOfSelfDischargeValue'),
      numberOfFullCycles: reading(c.numberOfFullCycles, 'numberOfFullCyclesValue'),
      energyThroughput: reading(c.energyThroughput, 'energyThroughputValue'),
      capacityThroughput: reading(c.capacityThroughput, 'capacityThroughputValue'),
      negativeEvents: list(c.negativeEvents).map((e) =>
        clean({ description: o(e).negativeEvent, occurredAt: o(e).lastUpdate }),
      ),
      temperatureExposure: clean({
        timeAboveUpperBoundary: temps.timeExtremeHighTemp,
        timeBelowLowerBoundary: temps.timeExtremeLowTemp,
        chargingTimeAboveUpperBoundary: temps.timeExtremeHighTempCharging,
        chargingTimeBelowLowerBoundary: temps.timeExtremeLowTempCharging,
        lastUpdated: temps.lastUpdate,
      }),
    }),
  };
}

function supplyChainDueDiligence(p: Obj): Obj {
  return {
    supplyChainDueDiligence: clean({
      reportUrl: p.supplyChainDueDiligenceReport,
      thirdPartyAssuranceUrls:
        p.thirdPartyAussurances === undefined ? undefined : [j(p.thirdPartyAussurances)],
      supplyChainIndex: p.supplyChainIndicies,
    }),
  };
}

const ALL: Record<string, (p: Obj) => Obj> = {
  ...PAYLOAD_MAPPERS,
  PerformanceAndDurability: performance,
  SupplyChainDueDiligence: supplyChainDueDiligence,
};

/** Our metadata fragment for one Battery Pass aspect payload. */
export function mapPayload(aspect: string, payload: unknown): Obj {
  const mapper = ALL[aspect];
  if (mapper === undefined) throw new Error(`no mapper for ${aspect}`);
  return mapper(o(payload));
}

/** Deep merge: objects merge member by member, anything else in `patch` replaces `base`. */
export function mergeOnto(base: Json, patch: Json): Json {
  if (typeof base !== 'object' || base === null || Array.isArray(base)) return patch;
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return patch;
  const out: Obj = { ...base };
  for (const [k, v] of Object.entries(patch)) out[k] = k in base ? mergeOnto(base[k] ?? null, v) : v;
  return out;
}
