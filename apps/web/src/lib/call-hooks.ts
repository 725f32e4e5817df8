import type { Call, CallInput, CallOutput } from '@portal/contract/shared/define-call';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './api-client';
import type { CallLike } from './call-ref';

/** True when every field of the call's input is optional, so the input may be left out. */
type InputOptional<C extends Call> = Record<string, never> extends CallInput<C> ? true : false;

type InputArgs<C extends Call> = InputOptional<C> extends true ? [input?: CallInput<C>] : [input: CallInput<C>];

/** What a mutation of the call is given: nothing at all when the call needs no input. */
export type CallVariables<C extends Call> = InputOptional<C> extends true ? CallInput<C> | undefined : CallInput<C>;

/** Cache settings a query may change from the client's defaults. */
export interface QuerySettings {
  staleTime?: number;
  gcTime?: number;
  refetchOnWindowFocus?: boolean;
  refetchOnReconnect?: boolean;
}

interface HookSettings {
  enabled?: boolean;
}

/**
 * The query key of a call: its path, then its input. Every key starts with the path, so invalidating
 * `[path]` reaches all inputs of the call, list pages included (see components/data-table/list-source).
 */
function callQueryKey<C extends Call>(definition: CallLike<C>, input: CallInput<C> | undefined): readonly [string, CallInput<C>] {
  return [definition.path, input ?? ({} as CallInput<C>)];
}

/** Marks every cached answer of the calls stale; the ones on screen load again. */
export function invalidateCalls(queryClient: QueryClient, calls: readonly Pick<Call, 'path'>[]): Promise<void> {
  return Promise.all(calls.map((definition) => queryClient.invalidateQueries({ queryKey: [definition.path] }))).then(() => undefined);
}

/**
 * A read-only call as a query: `options(input)` is the queryOptions for route loaders and the cache,
 * `useQuery(input)` the hook pages use. Both derive the key from the call, so loaders, pages and
 * mutations agree on it without naming it.
 */
export function defineQuery<C extends Call>(definition: CallLike<C>, settings: QuerySettings = {}) {
  const options = (...[input]: InputArgs<C>) => {
    const key = callQueryKey(definition, input);
    return queryOptions({
      ...settings,
      queryKey: key,
      queryFn: ({ signal }): Promise<CallOutput<C>> => call(definition, key[1], { signal }),
    });
  };
  // biome-ignore lint/correctness/noComponentHookFactories: made once per call when its api/ module loads, never in a component.
  const useCallQuery = (...[input, hook]: [...InputArgs<C>, hook?: HookSettings]) =>
    useQuery({ ...options(...([input] as InputArgs<C>)), ...hook });
  return { call: definition, options, useQuery: useCallQuery };
}

export interface MutationSettings<C extends Call> {
  /** The calls whose answers this one changes: their queries load again once it has succeeded. */
  invalidates?: readonly Pick<Call, 'path'>[];
  /** Runs first on success, e.g. to put the answer in the cache of the query it replaces. */
  onSuccess?: (queryClient: QueryClient, output: CallOutput<C>, input: CallVariables<C>) => unknown;
  /** Runs after success or failure alike. */
  onSettled?: (queryClient: QueryClient) => unknown;
}

/** Wraps the sending of one mutation, e.g. to confirm who the user is and send once more. */
export type SendThrough<C extends Call> = (send: () => Promise<CallOutput<C>>) => Promise<CallOutput<C>>;

/**
 * A call that changes something, as a hook: it sends the call through the API client and, on success,
 * invalidates the queries of the calls in `invalidates`. The hook may be given `through` to wrap each send.
 */
export function defineMutation<C extends Call>(definition: CallLike<C>, settings: MutationSettings<C> = {}) {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per call when its api/ module loads, never in a component.
  return function useCallMutation(through?: SendThrough<C>) {
    const queryClient = useQueryClient();
    const { invalidates = [], onSuccess, onSettled } = settings;
    return useMutation<CallOutput<C>, Error, CallVariables<C>>({
      mutationFn: (input) => {
        const send = () => call(definition, input ?? ({} as CallInput<C>));
        return through ? through(send) : send();
      },
      onSuccess: async (output, input) => {
        await onSuccess?.(queryClient, output, input);
        await invalidateCalls(queryClient, invalidates);
      },
      ...(onSettled ? { onSettled: () => onSettled(queryClient) } : {}),
    });
  };
}

/**
 * For route loaders: waits for the page's queries, started with `queryClient.ensureQueryData(options)` and
 * the page's own query options, so preloading on intent fetches them too and the page opens with its data.
 * A failure is left to the page, which shows it in its place (its query tries again on mount).
 */
export async function preloaded(loads: readonly Promise<unknown>[]): Promise<void> {
  await Promise.all(loads.map((load) => load.catch(() => undefined)));
}
