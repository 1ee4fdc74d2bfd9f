/** Time-zone helpers shared by the timestamp and cron tools (luxon). No default export. */
import { DateTime, IANAZone } from 'luxon';
import { invalidField } from '../../../core/errors.ts';

/** Canonical zone name, or a 400 naming `field`. Accepts IANA names (Europe/Berlin), UTC and fixed offsets (UTC+5). */
export function checkZone(field: string, zone: string): string {
  const probe = DateTime.fromMillis(0, { zone });
  if (!probe.isValid) throw invalidField(field, `unknown time zone '${zone}': use an IANA name such as Europe/Berlin, America/New_York or UTC`);
  return probe.zoneName ?? zone;
}

export interface WallTime {
  kind: 'normal' | 'gap' | 'ambiguous';
  /** The instants (ms) whose local time in the zone equals the wall time, earliest first. */
  instants: number[];
}

/**
 * For a wall-clock time in an IANA zone: whether it exists once (normal), never (inside a DST gap),
 * or twice (in the hour repeated when clocks go back). `near` is any instant within a few hours of it.
 */
export function wallTime(
  zoneName: string,
  near: number,
  wall: { year: number; month: number; day: number; hour: number; minute: number; second: number; millisecond?: number },
): WallTime {
  if (!IANAZone.isValidZone(zoneName)) return { kind: 'normal', instants: [] };
  const zone = IANAZone.create(zoneName);
  // Date.UTC reads years 0–99 as 1900–1999; setUTCFullYear takes the year as given (0050 is the year 50).
  const date = new Date(0);
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  const wallAsUtc = date.setUTCHours(wall.hour, wall.minute, wall.second, wall.millisecond ?? 0);
  const offsets = new Set([zone.offset(near - 3 * 3600_000), zone.offset(near), zone.offset(near + 3 * 3600_000)]);
  const instants: number[] = [];
  for (const offset of offsets) {
    const instant = wallAsUtc - offset * 60_000;
    if (zone.offset(instant) === offset && !instants.includes(instant)) instants.push(instant);
  }
  instants.sort((a, b) => a - b);
  if (instants.length === 0) return { kind: 'gap', instants };
  return { kind: instants.length > 1 ? 'ambiguous' : 'normal', instants };
}
