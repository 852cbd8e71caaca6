/**
 * `catalog-sync import` in a process of its own, so a test can read that process's peak memory:
 * runs the real CLI with the environment it was given, then prints one JSON line with the exit
 * code, the CLI's stdout and the peak resident set size (process.resourceUsage().maxRSS, KiB).
 */
import { runCli } from '../../../src/cli/main.ts';
import { captured } from './captured.ts';

const [stdout, stderr] = [captured(), captured()];
const env: Record<string, string> = {};
for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
const code = await runCli(process.argv.slice(2), { stdout: stdout.stream, stderr: stderr.stream, env });
const [out, err] = [stdout.text(), stderr.text()];
process.stdout.write(`${JSON.stringify({ code, out, err, maxRssKiB: process.resourceUsage().maxRSS })}\n`);
process.exit(0);
