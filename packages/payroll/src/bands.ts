import { applyRate, BP_PER_WHOLE, bpToPercent } from './money.ts';
import type { CompiledBand } from './rules/rule-set.ts';

export type BandLine = { from: number; to: number | null; rate: number; taxableSlice: number; tax: number };

// Progressive tax on `taxable` (minor units). Each slice × rate is kept exact, as a
// whole part plus ten-thousandths of a minor unit, and the total is rounded half-up
// once: rounding per band would let the Ghana example drift by a pesewa.
export const taxOnBands = (bands: readonly CompiledBand[], taxable: number): number => {
  let whole = 0;
  let tenThousandths = 0;
  for (const band of bands) {
    if (taxable <= band.from) break;
    const slice = (band.to === null || taxable < band.to ? taxable : band.to) - band.from;
    const high = Math.floor(slice / BP_PER_WHOLE);
    const low = slice - high * BP_PER_WHOLE;
    whole += high * band.bp;
    tenThousandths += low * band.bp;
  }
  return whole + Math.floor((tenThousandths + BP_PER_WHOLE / 2) / BP_PER_WHOLE);
};

// The same computation laid out for a payslip, one line per band (zero slices too,
// so the table always shows the whole scale). A line's tax is rounded on its own,
// so the lines may differ from the total by a minor unit; the total is authoritative.
export const findBandLines = (bands: readonly CompiledBand[], taxable: number): BandLine[] =>
  bands.map((band) => {
    const top = band.to === null || taxable < band.to ? taxable : band.to;
    const taxableSlice = top > band.from ? top - band.from : 0;
    return { from: band.from, to: band.to, rate: bpToPercent(band.bp), taxableSlice, tax: applyRate(taxableSlice, band.bp) };
  });
