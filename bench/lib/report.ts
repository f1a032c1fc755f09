// Printing result tables and keeping each benchmark's section of BENCHMARKS.md up to date.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const BENCHMARKS_MD = fileURLToPath(new URL('../../BENCHMARKS.md', import.meta.url));

/** A Markdown table laid out the way prettier lays it out (so `prettier --check` passes). */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, c) => Math.max(3, h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    `| ${widths.map((w, c) => (cells[c] ?? '').padEnd(w)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function markers(id: string): [string, string] {
  return [`<!-- bench:${id} -->`, `<!-- /bench:${id} -->`];
}

/**
 * Replaces the section between `<!-- bench:id -->` and `<!-- /bench:id -->` in BENCHMARKS.md
 * (appending it when missing). `body` is Markdown without the markers.
 */
export function writeSection(id: string, body: string): void {
  const [open, close] = markers(id);
  const text = existsSync(BENCHMARKS_MD) ? readFileSync(BENCHMARKS_MD, 'utf8') : '# Benchmarks\n';
  const block = `${open}\n\n${body.trim()}\n\n${close}`;
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  const next =
    start >= 0 && end > start
      ? text.slice(0, start) + block + text.slice(end + close.length)
      : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(BENCHMARKS_MD, next);
  console.log(`\nupdated BENCHMARKS.md section "${id}"`);
}
