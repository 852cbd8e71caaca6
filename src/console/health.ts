/**
 * What /healthz reports: whether Redis (when configured) and the store client answer. Probes run
 * in the background every few seconds and /healthz answers from the last result, so a slow store
 * or a long sync never makes the health check itself slow; it waits only for the very first probe.
 */
export type PartState = 'up' | 'down' | 'not configured';

export interface HealthProbe {
  name: string;
  /** Resolves when the part answers; rejects (or exceeds the timeout) when it does not. */
  check(): Promise<void>;
}

export interface HealthReport {
  status: 'ok' | 'down';
  parts: Record<string, PartState>;
}

export class HealthWatch {
  private readonly probes = new Map<string, HealthProbe>();
  private latest: Promise<HealthReport>;
  private settled: HealthReport | null = null;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    probes: readonly HealthProbe[],
    private readonly notConfigured: readonly string[] = [],
    private readonly options: { everyMs?: number; timeoutMs?: number } = {},
  ) {
    for (const probe of probes) this.probes.set(probe.name, probe);
    this.latest = this.probe();
  }

  start(): void {
    this.timer = setInterval(() => {
      const next = this.probe();
      // Swap only once settled: readers keep the previous answer while a probe is out.
      void next.then(() => (this.latest = next));
    }, this.options.everyMs ?? 5000);
    this.timer.unref();
  }

  /** A part to watch from now on (a store the console starts serving): probed at once. */
  add(probe: HealthProbe): void {
    this.probes.set(probe.name, probe);
    this.latest = this.probe();
  }

  /** A part no longer watched (a store the console stopped serving). */
  remove(name: string): void {
    if (this.probes.delete(name)) this.latest = this.probe();
  }

  report(): Promise<HealthReport> {
    return this.latest;
  }

  /** A part's state at the last probe that ended; undefined before its first. */
  state(name: string): PartState | undefined {
    return this.settled?.parts[name];
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async probe(): Promise<HealthReport> {
    const timeoutMs = this.options.timeoutMs ?? 3000;
    const parts: Record<string, PartState> = {};
    for (const name of this.notConfigured) parts[name] = 'not configured';
    await Promise.all(
      [...this.probes.values()].map(async (p) => {
        parts[p.name] = (await withTimeout(p.check(), timeoutMs)) ? 'up' : 'down';
      }),
    );
    const down = Object.values(parts).includes('down');
    const report: HealthReport = { status: down ? 'down' : 'ok', parts };
    this.settled = report;
    return report;
  }
}

async function withTimeout(work: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => false,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
