// A route's search parameters, read without zod: the route tree is in every page's first load, the sign-in page's
// included, and zod would add about 28 kB gzip to it (docs/decisions/0025). Each reader takes the raw value and
// answers it or undefined, as `.optional().catch(undefined)` did: a bad value is dropped, never an error.

export type SearchReader<T> = (value: unknown) => T | undefined;
type Readers = Record<string, SearchReader<unknown>>;
export type SearchOf<R extends Readers> = { [K in keyof R]?: R[K] extends SearchReader<infer T> ? T : never };

/** Text up to `max` characters. */
export const text =
  (max: number): SearchReader<string> =>
  (value) =>
    typeof value === 'string' && value.length <= max ? value : undefined;

/** A whole number from `min` to `max`, given as a number or as text (the address may hold either). */
export const integer =
  (min: number, max = Number.MAX_SAFE_INTEGER): SearchReader<number> =>
  (value) => {
    if (value === undefined) return undefined;
    const number = Number(value);
    return Number.isSafeInteger(number) && number >= min && number <= max ? number : undefined;
  };

/** One of `values`. */
export const oneOf =
  <const T extends string>(values: readonly T[]): SearchReader<T> =>
  (value) =>
    values.includes(value as T) ? (value as T) : undefined;

/** Text matching `pattern`. */
export const matching =
  (pattern: RegExp): SearchReader<string> =>
  (value) =>
    typeof value === 'string' && pattern.test(value) ? value : undefined;

export interface SearchSchema<R extends Readers> {
  readers: R;
  /**
   * Every known parameter, its good value or undefined. A bad one must be there as undefined, as zod's
   * `.catch(undefined)` left it: the router spreads the result over the raw search, so a key left out would
   * let the raw bad value through.
   */
  parse: (search: Record<string, unknown>) => SearchOf<R>;
  extend: <M extends Readers>(more: M) => SearchSchema<Omit<R, keyof M> & M>;
}

export function searchSchema<R extends Readers>(readers: R): SearchSchema<R> {
  return {
    readers,
    parse: (search) => {
      const result: Record<string, unknown> = {};
      for (const [key, read] of Object.entries(readers)) result[key] = read(search[key]);
      return result as SearchOf<R>;
    },
    extend: (more) => searchSchema({ ...readers, ...more }),
  };
}
