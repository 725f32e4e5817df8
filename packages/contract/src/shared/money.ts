/**
 * Money is integer cents end to end, in US dollars (the portal bills in USD); this is the one place that turns
 * cents into text, for the web's screens and the server's mails, PDFs and audit texts alike.
 */

const dollarsFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0, useGrouping: true });

/** 123456 -> '$1,234.56'; -500 -> '-$5.00'. */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const dollars = Math.trunc(absolute / 100);
  const rest = String(absolute % 100).padStart(2, '0');
  return `${sign}$${dollarsFormat.format(dollars)}.${rest}`;
}
