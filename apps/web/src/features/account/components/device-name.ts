/**
 * A session's device as a person would say it ("Chrome on macOS", "Safari on iPhone") from its user-agent
 * string. Only the common browsers and systems are named; anything else keeps the product token of the
 * string ("curl"), and an empty string is an unknown device. Order matters: Edge and Opera also claim to be
 * Chrome, Chrome also claims to be Safari, and iOS browsers all run on Safari's engine but name themselves.
 */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export const UNKNOWN_DEVICE = 'Unknown device';

function first(table: readonly [RegExp, string][], text: string): string | undefined {
  return table.find(([pattern]) => pattern.test(text))?.[1];
}

export function deviceName(userAgent: string): string {
  const text = userAgent.trim();
  if (!text) return UNKNOWN_DEVICE;
  const browser = first(BROWSERS, text);
  const system = first(SYSTEMS, text);
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `Browser on ${system}`;
  // A tool or library ("curl/8.5.0", "node-fetch/1.0"): its product name, without the version.
  const product = text.split(/[\s/]/)[0] ?? '';
  return product.slice(0, 40) || UNKNOWN_DEVICE;
}
