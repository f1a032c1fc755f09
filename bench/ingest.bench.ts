// Ingest of a full region's dumps (84 US connected realms, ~5.4 million auctions, ~850 MB of
// JSON on disk) against plain JSON.parse of the same bytes, each in a fresh child process so the
// peak RSS of one does not include the other. Rounds alternate parse / ingest; medians are reported.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureDumps, FULL_US } from './lib/dataset';
import type { ChildResult } from './lib/ingest-child';
import { loadText, machine, machineText } from './lib/machine';
import { table, writeSection } from './lib/report';
import { count, mb, mib, ms } from './lib/stats';

const COMMAND = 'npm run bench:ingest --workspace bench';
const ROUNDS = 3;
const RSS_TARGET = 512 * 2 ** 20;
const CHILD = fileURLToPath(new URL('./lib/ingest-child.ts', import.meta.url));

const dataset = ensureDumps(FULL_US);
const m = machine();

function child(mode: ChildResult['mode']): ChildResult {
  const out = execFileSync(process.execPath, ['--import', 'tsx', CHILD, mode, JSON.stringify(dataset)], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return JSON.parse(out.trim().split('\n').pop() ?? '{}') as ChildResult;
}

const parse: ChildResult[] = [];
const ingest: ChildResult[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  parse.push(child('parse'));
  ingest.push(child('ingest'));
  const p = parse.at(-1) as ChildResult;
  const i = ingest.at(-1) as ChildResult;
  console.log(
    `round ${round}: JSON.parse ${ms(p.workMs)} ms, ingest ${ms(i.workMs)} ms (ratio ${(i.workMs / p.workMs).toFixed(2)}), load ${loadText()}`,
  );
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const pMs = median(parse.map((r) => r.workMs));
const iMs = median(ingest.map((r) => r.workMs));
const ratio = iMs / pMs;
const rssPeak = Math.max(...ingest.map((r) => r.peakRss));
const ingestAuctions = ingest[0]?.auctions ?? 0;
const mbps = (bytes: number, t: number): string => (bytes / 1e6 / (t / 1000)).toFixed(0);
const rows = [
  [
    'JSON.parse (reference)',
    ms(pMs),
    ms(median(parse.map((r) => r.readMs))),
    mbps(dataset.totalBytes, pMs),
    '-',
    mib(Math.max(...parse.map((r) => r.peakRss))),
    mib(Math.max(...parse.map((r) => r.baselineRss))),
  ],
  [
    'ingestRealmDump via SnapshotBuilder',
    ms(iMs),
    ms(median(ingest.map((r) => r.readMs))),
    mbps(dataset.totalBytes, iMs),
    ms(median(ingest.map((r) => r.buildMs))),
    mib(rssPeak),
    mib(Math.max(...ingest.map((r) => r.baselineRss))),
  ],
];
const result = table(
  [
    '84 dumps, one process each',
    'work ms',
    'file read ms',
    'MB/s',
    'snapshot build ms',
    'peak RSS MiB',
    'RSS before MiB',
  ],
  rows,
);
const verdict =
  `Ingest / JSON.parse = **${ratio.toFixed(2)}** (target at most 1.0: ${ratio <= 1 ? 'met' : 'NOT met'}); ` +
  `peak RSS of the ingest process, snapshot build included, **${mib(rssPeak)} MiB** ` +
  `(target at most ${mib(RSS_TARGET)} MiB: ${rssPeak <= RSS_TARGET ? 'met' : 'NOT met'}).`;
console.log(`\n${result}\n\n${verdict}`);
writeSection(
  'ingest',
  `## Ingest of a full region

Command: \`${COMMAND}\`\\
Machine: ${machineText(m, machine().load)}

Data: simulator \`full\`, seed ${dataset.seed}, US hour ${dataset.hour}: ${dataset.dumps.length} dumps,
${count(ingestAuctions)} auctions, ${mb(dataset.totalBytes)} MB of JSON in \`bench/.data/\` (written
before timing; reused while unchanged). Each measurement is a fresh \`node\` process reading the files
one by one: either \`JSON.parse(bytes.toString())\` of each, or \`builder.ingest(realmId, bytes)\` into
one \`SnapshotBuilder\` and then \`build()\`. "work ms" excludes reading the files (shown apart, from the
page cache); median of ${ROUNDS} alternating rounds. Peak RSS is \`process.resourceUsage().maxRSS\`
of that process; "RSS before" is the peak before the first file (runtime, tsx, static data).

${result}

${verdict}`,
);
