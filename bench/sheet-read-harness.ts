/**
 * Measures sheet pipelines honestly: each run in its own child process (peak RSS is the child's
 * own `maxRSS`), the same files for every pipeline in one run, medians over runs, and ratios to
 * a baseline measured in the same run. A bench script passes its pipelines to `runSheetBench`;
 * the same script is re-run as the child with `--child <pipeline> <file>`.
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

/** Reads (and maybe maps) a whole file; returns the number of data rows it saw. */
export type Pipeline = (file: string) => Promise<number>;

export interface BenchCase {
  label: string;
  pipeline: string;
  file: string;
  /** Label of the case this one is compared with (its ratios). */
  baseline?: string;
}

export interface Measurement {
  rows: number;
  /** Wall-clock seconds of the pipeline. */
  seconds: number;
  /** CPU seconds (user + system) of the pipeline: steadier than wall time on a shared machine. */
  cpuSeconds: number;
  peakRssMb: number;
}

async function runChild(pipelines: Record<string, Pipeline>, name: string, file: string): Promise<void> {
  const pipeline = pipelines[name];
  if (pipeline === undefined) throw new Error(`unknown pipeline ${name} (known: ${Object.keys(pipelines).join(', ')})`);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const rows = await pipeline(file);
  const cpu = process.cpuUsage(cpuBefore);
  const seconds = (performance.now() - started) / 1000;
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(`${JSON.stringify({ rows, seconds, cpuSeconds, peakRssMb } satisfies Measurement)}\n`);
}

export function measureInChild(script: string, pipeline: string, file: string): Promise<Measurement> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, '--child', pipeline, file], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`${pipeline} on ${file} exited with ${code}`));
      resolve(JSON.parse(out.trim().split('\n').pop()!) as Measurement);
    });
  });
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

export function flag(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at !== -1 && process.argv[at + 1] !== undefined ? process.argv[at + 1]! : fallback;
}

/**
 * In the child: runs one pipeline and prints its measurement (returns null). In the parent: builds
 * the cases (after preparing files), runs each `--runs` times in a fresh child, prints a table
 * and returns it (Markdown) for bench/RESULTS.md.
 */
export async function runSheetBench(
  pipelines: Record<string, Pipeline>,
  prepareCases: () => Promise<BenchCase[]>,
): Promise<string | null> {
  const childAt = process.argv.indexOf('--child');
  if (childAt !== -1) {
    await runChild(pipelines, process.argv[childAt + 1]!, process.argv[childAt + 2]!);
    return null;
  }

  const script = process.argv[1]!;
  const runs = Number(flag('runs', '3'));
  const cases = await prepareCases();
  const measured = new Map<string, Measurement[]>(cases.map((benchCase) => [benchCase.label, []]));
  // Round-robin, so load from other processes drifts over every case alike.
  for (let run = 0; run < runs; run++) {
    for (const benchCase of cases) {
      measured.get(benchCase.label)!.push(await measureInChild(script, benchCase.pipeline, benchCase.file));
      process.stderr.write(`  run ${run + 1}/${runs}: ${benchCase.label}\n`);
    }
  }
  const results = new Map<string, Measurement>();
  for (const [label, all] of measured) {
    results.set(label, {
      rows: all[0]!.rows,
      seconds: median(all.map((m) => m.seconds)),
      cpuSeconds: median(all.map((m) => m.cpuSeconds)),
      peakRssMb: median(all.map((m) => m.peakRssMb)),
    });
  }

  const lines = [
    `| case | rows | wall s | rows/s | CPU s | peak RSS MB | wall vs baseline | CPU vs baseline | RSS vs baseline |`,
    `|---|---:|---:|---:|---:|---:|---:|---:|---:|`,
  ];
  for (const benchCase of cases) {
    const result = results.get(benchCase.label)!;
    const base = benchCase.baseline !== undefined ? results.get(benchCase.baseline) : undefined;
    const ratio = (a: number, b: number | undefined): string => (b === undefined ? '' : `${(a / b).toFixed(2)}x`);
    lines.push(
      `| ${benchCase.label} | ${result.rows} | ${result.seconds.toFixed(2)} | ${Math.round(result.rows / result.seconds)} | ` +
        `${result.cpuSeconds.toFixed(2)} | ${Math.round(result.peakRssMb)} | ${ratio(result.seconds, base?.seconds)} | ` +
        `${ratio(result.cpuSeconds, base?.cpuSeconds)} | ${ratio(result.peakRssMb, base?.peakRssMb)} |`,
    );
  }
  const heading = `medians of ${runs} runs, each in its own process, cases interleaved (node ${process.version}, ${new Date().toISOString()})`;
  console.log(`\n${heading}\n`);
  console.log(lines.join('\n'));
  return `${heading}\n\n${lines.join('\n')}`;
}
