/** An ILIKE pattern that finds the text anywhere; % and _ in the text are literal. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
