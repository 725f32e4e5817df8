import { Readable } from 'node:stream';
import type { Call, CallData } from '@portal/contract/shared/define-call';
import { STREAM_CLOSING, STREAM_OPENING } from '@portal/contract/shared/stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ContextFor, Handler } from './handler.ts';
import { reportReader } from './replica.ts';

/**
 * A call whose answer is a list written as it is produced (docs/decisions/0060). It is an ordinary handler:
 * handle()'s route checks the session, access, CSRF token and input as for every call, and the function runs
 * on the pool (read-only), so it may hold no transaction while the rows go out. What it returns is a
 * StreamedAnswer, which the route writes as the envelope `{"status":"ok","code":200,"data":[` ... `]}`
 * one item a line, each checked against the contract's item schema first. An item that fails its schema, or a
 * failure of the source, ends the answer without its closing line: a client sees the stream cut short.
 */
export class StreamedAnswer {
  constructor(
    readonly items: AsyncIterable<unknown>,
    readonly schema: z.ZodType,
  ) {}
}

type ItemOf<C extends Call> = C['output'] extends z.ZodArray<infer T> ? z.output<T> : never;

/** Like handle(), for a call whose output is an array: `run` checks what it must, then returns the items to stream. */
export function handleStream<C extends Call & { output: z.ZodArray }>(
  call: C,
  run: (input: CallData<C>, ctx: ContextFor<C>) => Promise<AsyncIterable<ItemOf<C>>>,
): Handler {
  return {
    call,
    readOnly: true,
    run: async (input, ctx) => {
      // Streams are reports: they read from the replica when one is configured (platform/replica.ts).
      const onReader = { ...ctx, db: reportReader(ctx.config, ctx.db) } as ContextFor<C>;
      return new StreamedAnswer(await run(input as CallData<C>, onReader), call.output.element as z.ZodType);
    },
  };
}

async function* lines(answer: StreamedAnswer, req: FastifyRequest): AsyncGenerator<string> {
  yield `${STREAM_OPENING}\n`;
  let first = true;
  for await (const item of answer.items) {
    const checked = answer.schema.safeParse(item);
    if (!checked.success) {
      req.log.error({ path: req.url, issues: checked.error.issues }, 'streamed item failed its contract');
      throw new Error('streamed item failed its contract');
    }
    yield `${first ? '' : ','}${JSON.stringify(checked.data)}\n`;
    first = false;
  }
  yield `${STREAM_CLOSING}\n`;
}

/** Writes the answer as it is read: Readable.from pulls the next item only when the socket has taken the last. */
export function sendStream(req: FastifyRequest, reply: FastifyReply, answer: StreamedAnswer): FastifyReply {
  const body = Readable.from(lines(answer, req), { objectMode: false, highWaterMark: 64 * 1024 });
  body.on('error', (err) => req.log.error({ err, path: req.url }, 'streamed answer cut short'));
  return (
    reply
      .code(200)
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      // A proxy that buffers would hold the first rows back until the last (nginx reads this header).
      .header('x-accel-buffering', 'no')
      .send(body)
  );
}
