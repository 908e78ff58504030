import type { TServiceDue } from '@bizdesk/contract';

/** Pure figures of the fleet (issue 34): km per litre, cost per km, litres per hour, the next service. */

type TFuel = { id: string; date: string; odometerKm: number | null; litres: string | number | null; cost: number };

/** Rounded half-up integer division of non-negative bigints. */
const divRound = (a: bigint, b: bigint) => (a * 2n + b) / (b * 2n);

/**
 * Full-tank method: the fuel bought at a reading covers the km driven since the previous fuel reading. Litres are kept
 * in thousandths and money in minor units, so km/l (1 decimal) and cost per km (minor units) come from integers.
 */
export const fuelFigures = (fuel: TFuel[]) => {
  const withKm = fuel.filter((f) => f.odometerKm !== null).sort((a, b) => a.odometerKm! - b.odometerKm! || a.date.localeCompare(b.date));
  const per = new Map<string, { kmSincePrevious: number; kmPerLitre: number | null; costPerKmMinor: number | null }>();
  let km = 0n;
  let litresMilli = 0n;
  let cost = 0n;
  for (let i = 1; i < withKm.length; i += 1) {
    const f = withKm[i];
    const d = BigInt(f.odometerKm! - withKm[i - 1].odometerKm!);
    const l = BigInt(Math.round(Number(f.litres ?? 0) * 1000));
    per.set(f.id, {
      kmSincePrevious: Number(d),
      kmPerLitre: l > 0n ? Number(divRound(d * 10_000n, l)) / 10 : null,
      costPerKmMinor: d > 0n ? Number(divRound(BigInt(f.cost), d)) : null,
    });
    if (l > 0n && d > 0n) {
      km += d;
      litresMilli += l;
      cost += BigInt(f.cost);
    }
  }
  return {
    per,
    kmPerLitre: litresMilli > 0n ? Number(divRound(km * 10_000n, litresMilli)) / 10 : null,
    costPerKmMinor: km > 0n ? Number(divRound(cost, km)) : null,
  };
};

/** A generator: the fuel put in at an hour-meter reading covers the hours run since the previous reading. */
export const hourFigures = <T extends { id: string; quantity: string | number; runningHours: string | number | null }>(rows: T[]) => {
  const withHours = rows.filter((r) => r.runningHours !== null).sort((a, b) => Number(a.runningHours) - Number(b.runningHours));
  const per = new Map<string, { hoursSincePrevious: number; litresPerHour: number | null }>();
  let tenthsHours = 0;
  let litresMilli = 0;
  for (let i = 1; i < withHours.length; i += 1) {
    const h = Math.round(Number(withHours[i].runningHours) * 10) - Math.round(Number(withHours[i - 1].runningHours) * 10);
    const l = Math.round(Number(withHours[i].quantity) * 1000);
    per.set(withHours[i].id, { hoursSincePrevious: h / 10, litresPerHour: h > 0 ? Math.round((l / 100) / h * 10) / 10 : null });
    if (h > 0) {
      tenthsHours += h;
      litresMilli += l;
    }
  }
  return { per, litresPerHour: tenthsHours > 0 ? Math.round((litresMilli / 100) / tenthsHours * 10) / 10 : null };
};

/** YYYY-MM-DD plus whole months (the day clamped to the month's end). */
export const addMonths = (day: string, months: number) => {
  const [y, m, d] = day.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
};

/**
 * The next service: by km from the last service's reading, and/or by months from its date (the truck's first record
 * stands in when no service was ever recorded). Due when either is reached.
 */
export const serviceDue = (t: {
  serviceIntervalKm: number | null; serviceIntervalMonths: number | null; lastServiceKm: number | null; lastServiceDate: string | null; createdDate: string;
}, odometerKm: number | null, today: string): TServiceDue | null => {
  if (!t.serviceIntervalKm && !t.serviceIntervalMonths) return null;
  const dueKm = t.serviceIntervalKm ? (t.lastServiceKm ?? 0) + t.serviceIntervalKm : null;
  const dueDate = t.serviceIntervalMonths ? addMonths(t.lastServiceDate ?? t.createdDate, t.serviceIntervalMonths) : null;
  const isDue = (dueKm !== null && odometerKm !== null && odometerKm >= dueKm) || (dueDate !== null && dueDate <= today);
  return { dueKm, dueDate, isDue };
};
