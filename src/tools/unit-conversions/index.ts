import type { AnyTool } from '../../registry/define-tool.ts';
import lengthConverter from './length-converter.ts';
import areaConverter from './area-converter.ts';
import massConverter from './mass-converter.ts';
import volumeConverter from './volume-converter.ts';
import eachConverter from './each-converter.ts';
import temperatureConverter from './temperature-converter.ts';
import timeConverter from './time-converter.ts';
import digitalConverter from './digital-converter.ts';
import partsPerConverter from './parts-per-converter.ts';
import speedConverter from './speed-converter.ts';
import paceConverter from './pace-converter.ts';
import pressureConverter from './pressure-converter.ts';
import currentConverter from './current-converter.ts';
import voltageConverter from './voltage-converter.ts';
import powerConverter from './power-converter.ts';
import reactivePowerConverter from './reactive-power-converter.ts';
import apparentPowerConverter from './apparent-power-converter.ts';
import energyConverter from './energy-converter.ts';
import reactiveEnergyConverter from './reactive-energy-converter.ts';
import volumeFlowRateConverter from './volume-flow-rate-converter.ts';
import illuminanceConverter from './illuminance-converter.ts';
import frequencyConverter from './frequency-converter.ts';
import angleConverter from './angle-converter.ts';

/** In the order the catalog lists them. */
export const unitConversionsTools: AnyTool[] = [
  lengthConverter,
  areaConverter,
  massConverter,
  volumeConverter,
  eachConverter,
  temperatureConverter,
  timeConverter,
  digitalConverter,
  partsPerConverter,
  speedConverter,
  paceConverter,
  pressureConverter,
  currentConverter,
  voltageConverter,
  powerConverter,
  reactivePowerConverter,
  apparentPowerConverter,
  energyConverter,
  reactiveEnergyConverter,
  volumeFlowRateConverter,
  illuminanceConverter,
  frequencyConverter,
  angleConverter,
];
