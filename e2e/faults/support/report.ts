import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// How each case says what it proved: one line `fault: <case>: <what, with figures>` on the output.

export function proved(caseName: string, what: string): void {
  console.log(`fault: ${caseName}: ${what}`);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** "1.2 s", or "0.04 s" below a second. */
export const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 1000 ? 2 : 1)} s`;

/** Polls `probe` every `everyMs` until it returns true; resolves with the ms it took, or rejects after `timeoutMs`. */
export async function timeUntil(
  probe: () => Promise<boolean>,
  timeoutMs: number,
  everyMs = 100,
): Promise<number> {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
  return Date.now() - started;
}

/** How each process exited on SIGTERM, as "SIGTERM: web 1 exit 0 in 1.2 s, ...". */
export const exitsText = (stopped: readonly { name: string; code: number | null; ms: number }[]) =>
  `SIGTERM: ${stopped.map((s) => `${s.name} exit ${s.code} in ${seconds(s.ms)}`).join(', ')}`;

/** Exits that were not clean (code 0, within server.ts's 10 s), as "web 1: code 1 after 10.0 s". */
export const uncleanExits = (
  stopped: readonly { name: string; code: number | null; signal: string | null; ms: number }[],
) =>
  stopped
    .filter((s) => s.code !== 0 || s.ms >= 10_000)
    .map((s) => `${s.name}: ${s.code ?? s.signal} after ${seconds(s.ms)}`);

/**
 * For a failed case: each process's warnings and errors (the last 40) on the output, and every line it
 * logged in a file under the temporary directory, whose path is printed.
 */
export function problemsOf(
  processes: readonly { name: string; logged(p: RegExp): Record<string, unknown>[] }[],
): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'goldroute-faults-logs-'));
  return processes
    .map((p) => {
      const all = p.logged(/./);
      const file = path.join(dir, `${p.name.replace(/\W+/g, '-')}.jsonl`);
      writeFileSync(file, all.map((l) => JSON.stringify(l)).join('\n'));
      const problems = all.filter((l) => Number(l.level) >= 40);
      return `--- ${p.name}: ${problems.length} warnings/errors (every line: ${file})\n${problems
        .slice(-40)
        .map((l) => JSON.stringify(l).slice(0, 400))
        .join('\n')}`;
    })
    .join('\n');
}
