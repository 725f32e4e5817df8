const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/** 1500 -> '1.5 KB' (decimal units, as storage is sold). */
export function bytesLabel(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${UNITS[unit]}`;
}

/** '2026-11-20' -> '20 Nov': a report day is already a Pacific/Auckland day, so no zone applies. */
export function dayLabel(day: string): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const [, m = '1', d = '1'] = day.split('-');
  return `${Number(d)} ${months[Number(m) - 1] ?? m}`;
}

/** +4, −3, 0. */
export function changeLabel(change: number): string {
  return change > 0 ? `+${change}` : change < 0 ? `−${-change}` : '0';
}
