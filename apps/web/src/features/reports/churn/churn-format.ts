const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-11' -> 'Nov 2026': a report month is already a Pacific/Auckland month, so no zone applies. */
export function monthLabel(month: string): string {
  const [year = '', m = ''] = month.split('-');
  return `${MONTHS[Number(m) - 1] ?? m} ${year}`;
}

/** 12.5 -> '12.50%'; null (nothing to churn from) -> '—'. */
export function percentLabel(percent: number | null): string {
  return percent === null ? '—' : `${percent.toFixed(2)}%`;
}

/** The spec's state names as reports show them. */
export function stateLabel(state: string): string {
  return state.replace('_', ' ');
}
