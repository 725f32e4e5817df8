/**
 * Money is integer cents end to end; this file is the only place in the web app that turns typed dollars into
 * cents, and the one way to cents as text (shared with the server) is exported from here.
 */

export { formatCents } from '@portal/contract/shared/money';

const DOLLARS_PATTERN = /^([+-])?\$?(\d*)(?:\.(\d*))?$/;

/** A number as plain decimal text; exponent notation (1e-7) is expanded first. */
function decimalText(dollars: number): string {
  if (!Number.isFinite(dollars)) throw new RangeError(`Not an amount: ${dollars}`);
  const text = String(dollars);
  return /e/i.test(text) ? dollars.toFixed(20) : text;
}

/**
 * '19.99' -> 1999, '1,234.5' -> 123450, 1.005 -> 101 (half away from zero).
 * Works on the decimal digits as text, so binary floating point never shifts a cent.
 * Throws a RangeError for text that is not an amount; forms validate before calling this.
 */
export function dollarsToCents(dollars: string | number): number {
  const text = typeof dollars === 'number' ? decimalText(dollars) : dollars.trim().replaceAll(',', '');
  const match = DOLLARS_PATTERN.exec(text);
  const whole = match?.[2] ?? '';
  const fraction = match?.[3] ?? '';
  if (!match || (whole === '' && fraction === '')) throw new RangeError(`Not an amount: ${String(dollars)}`);

  const centsDigits = `${fraction}00`.slice(0, 2);
  const roundUp = (fraction[2] ?? '0') >= '5';
  const magnitude = Number(whole || '0') * 100 + Number(centsDigits) + (roundUp ? 1 : 0);
  if (!Number.isSafeInteger(magnitude)) throw new RangeError(`Amount too large: ${String(dollars)}`);
  return match[1] === '-' && magnitude !== 0 ? -magnitude : magnitude;
}
