import type { TEnergyMonth } from '@bizdesk/contract';

/**
 * The built-in analyst: a written note on energy use and where to save, from the monthly figures
 * alone. Used when no OpenAI-compatible endpoint is configured (AI_BASE_URL).
 */
export const writeEnergyNote = (input: { scope: string; months: TEnergyMonth[]; alertPercent: number; instructions?: string; money: (minor: number) => string }) => {
  const { months, money } = input;
  if (months.length === 0) return `No energy entries are recorded for ${input.scope} yet. Record fuel and power purchases on the Energy tracker to get a report.`;
  const last = months[months.length - 1];
  const lines: string[] = [];
  lines.push(`Energy report for ${input.scope}, ${months[0].month} to ${last.month} (${months.length} month${months.length > 1 ? 's' : ''}).`);
  const totalQty = months.reduce((s, m) => s + m.totalQuantity, 0);
  const totalCost = months.reduce((s, m) => s + m.totalExpensesMinor, 0);
  lines.push(`In total ${Number(totalQty.toFixed(3))} units were bought for ${money(totalCost)}; in ${last.month} the cost per unit was ${money(last.costPerUnitMinor)}.`);
  const cheapest = [...months].sort((a, b) => a.costPerUnitMinor - b.costPerUnitMinor)[0];
  const dearest = [...months].sort((a, b) => b.costPerUnitMinor - a.costPerUnitMinor)[0];
  if (cheapest.month !== dearest.month) {
    lines.push(`The cheapest month per unit was ${cheapest.month} (${money(cheapest.costPerUnitMinor)}), the dearest ${dearest.month} (${money(dearest.costPerUnitMinor)}).`);
    const saving = Math.max(0, Math.round((last.costPerUnitMinor - cheapest.costPerUnitMinor) * last.totalQuantity));
    if (saving > 0) lines.push(`Buying ${last.month}'s quantity at ${cheapest.month}'s price would have saved about ${money(saving)}.`);
  }
  const alerts = months.filter((m) => m.isAlert);
  if (alerts.length) {
    lines.push(`Cost per unit rose more than ${input.alertPercent}% in ${alerts.map((m) => `${m.month} (+${m.costPerUnitChangePercent}%)`).join(', ')}: compare suppliers' prices and check deliveries against receipts for those months.`);
  } else {
    lines.push(`Cost per unit never rose more than ${input.alertPercent}% from one month to the next.`);
  }
  if (months.length >= 2) {
    const prev = months[months.length - 2];
    const change = prev.totalQuantity > 0 ? Math.round(((last.totalQuantity - prev.totalQuantity) / prev.totalQuantity) * 100) : null;
    if (change !== null && change > 15) lines.push(`Quantity used rose ${change}% in ${last.month}: check generator run hours and idle time on site.`);
    if (change !== null && change < -15) lines.push(`Quantity used fell ${-change}% in ${last.month}; keep whatever changed on site.`);
  }
  lines.push('To save: buy in larger, planned deliveries when prices are low, log every purchase on the day, and switch off generators when the grid is on.');
  if (input.instructions) lines.push(`You asked: "${input.instructions}". The figures above are the ones this note can speak to.`);
  return lines.join('\n\n');
};
