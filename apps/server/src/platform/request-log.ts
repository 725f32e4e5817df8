import type { Clock } from './clock.ts';

export interface RequestLogEntry {
  company_id: number;
  user_id: number | null;
  ip: string;
  method: string;
  uri: string;
  created_at: Date;
}

/**
 * Collects one row per signed-in request and writes them in batches, so logging adds no
 * round trip to the request itself. Readers call flush() first to see the latest rows. The rows
 * are stored by the domain that reads them (admin tools), through `write`.
 */
export class RequestLogWriter {
  private pending: RequestLogEntry[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly write: (rows: RequestLogEntry[]) => Promise<void>,
    private readonly clock: Clock,
    private readonly onError: (err: unknown) => void,
    private readonly maxBatch = 500,
    private readonly intervalMs = 1000,
  ) {}

  add(entry: Omit<RequestLogEntry, 'created_at'>): void {
    this.pending.push({ ...entry, uri: entry.uri.slice(0, 2000), created_at: this.clock.now() });
    if (this.pending.length >= this.maxBatch) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.intervalMs);
  }

  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = [];
    this.flushing = this.flushing.then(async () => {
      if (!batch.length) return;
      try {
        await this.write(batch);
      } catch (err) {
        this.onError(err);
      }
    });
    return this.flushing;
  }
}
