import type { FastifyInstance } from 'fastify';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once the node has forgotten what it held in `generation`: PostgreSQL's notice of a change to sessions,
 * users or companies has arrived (decision 0068). Fails after 5 s, the longest a node keeps a session.
 */
export async function forgotten(app: FastifyInstance, generation: number): Promise<void> {
  const until = Date.now() + 5000;
  while (app.sessionCache.generation === generation) {
    if (Date.now() > until) throw new Error('the node was not told of the change');
    await sleep(5);
  }
}

/** Resolves once the node has heard no notice for 100 ms, so an earlier change's cannot pass for the next one's. */
export async function quiet(app: FastifyInstance): Promise<void> {
  for (let generation = -1; generation !== app.sessionCache.generation; ) {
    generation = app.sessionCache.generation;
    await sleep(100);
  }
}
