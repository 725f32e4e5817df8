const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** Storage in decimal units, as storage is priced (per TB): 1500000000 -> '1.5 GB'. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits).replace(/\.0$/, '')} ${UNITS[unit]}`;
}
