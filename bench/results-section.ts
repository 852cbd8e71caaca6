/** Replaces (or appends) one bench's own `## <name>` section of bench/RESULTS.md. */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { relative } from 'node:path';

const RESULTS = 'bench/RESULTS.md';

/** The machine line every section carries: the load matters on a shared machine. */
export function machineLine(): string {
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
  return `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${availableParallelism()} cores, load average ${load} (1/5/15 min) at the end, node ${process.version}`;
}

export async function writeSection(name: string, body: string): Promise<void> {
  const section = `## ${name}\n\n${body.trimEnd()}\n`;
  const before = existsSync(RESULTS) ? await readFile(RESULTS, 'utf8') : '# Bench results\n';
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const existing = new RegExp(`^## ${escaped}\\n[\\s\\S]*?(?=^## |(?![\\s\\S]))`, 'm');
  await writeFile(
    RESULTS,
    existing.test(before) ? before.replace(existing, `${section}\n`) : `${before.trimEnd()}\n\n${section}`,
  );
}

/**
 * What a bench prints, kept to become its RESULTS.md section as printed: the command that ran
 * (with its arguments), the machine line, then the printed lines. `note` says what the figures
 * measure, so the section reads on its own.
 */
export class PrintedFigures {
  private readonly lines: string[] = [];

  constructor(
    private readonly name: string,
    private readonly note: string,
  ) {}

  print(text: string): void {
    console.log(text);
    this.lines.push(...text.split('\n'));
  }

  async write(): Promise<void> {
    const script = relative(process.cwd(), process.argv[1] ?? '');
    const command = ['npx tsx', script, ...process.argv.slice(2)].join(' ');
    const printed = this.lines.join('\n').trim();
    await writeSection(
      this.name,
      `\`${command}\`, ${machineLine()}.\n\n${this.note.trim()}\n\n\`\`\`\n${printed}\n\`\`\`\n`,
    );
  }
}
