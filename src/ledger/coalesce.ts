/**
 * Gathers the calls made while the event loop is busy into one batched call, so a ledger sees
 * one round trip for many rows (the engine asks about rows one at a time, many at once).
 */
export class Coalescer<In, Out> {
  private pending: { input: In; resolve: (out: Out) => void; reject: (error: unknown) => void }[] = [];
  private scheduled = false;

  constructor(
    private readonly run: (inputs: In[]) => Promise<Out[]>,
    private readonly maxBatch = 1_000,
  ) {}

  call(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.pending.push({ input, resolve, reject });
      if (this.pending.length >= this.maxBatch) this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const calls = this.pending;
    this.pending = [];
    if (calls.length === 0) return;
    this.run(calls.map((c) => c.input)).then(
      (outs) => calls.forEach((c, i) => c.resolve(outs[i] as Out)),
      (error: unknown) => calls.forEach((c) => c.reject(error)),
    );
  }
}
