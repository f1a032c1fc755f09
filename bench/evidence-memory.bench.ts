// What the evidence holds in memory over a whole UTC day at `full` size (the target: at most
// +150 MB RSS at full, with 14 days of daily buckets kept). The cost rows of bench:trust ingest 4 hours,
// so they see the kept snapshots and a few hours of one day; this runs a day and an hour, so the first
// day is complete, frozen, stored and compacted as the server keeps it for two weeks
// (RealmEvidence.compactPast), and states what 14 such days come to.
//
// The bytes are the evidence's own arrays (RealmEvidence.byteLength: every kept snapshot's buffers and
// every day's typed arrays), exact and free of the process's other memory; "as stored" is the day
// encoded alone (evidenceToBytes), what a database row keeps of it.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  createKeptSnapshotFiles,
  createPastDayFiles,
  EVIDENCE_DAYS,
  evidenceToBytes,
  RealmEvidence,
  SnapshotBuilder,
} from '@goldroute/market';
import type { EconomySize } from '@goldroute/simulator';
import { createEconomy } from '@goldroute/simulator';
import { DumpSource } from './lib/dump-worker';
import { StoredDays } from './lib/stored-days';
import { machine, machineText } from './lib/machine';
import { table, writeSection } from './lib/report';
import { count, mb, mib, now, quantile } from './lib/stats';

const COMMAND = 'npm run bench:evidence-memory --workspace bench';
const SIZE = (process.env.EVIDENCE_MEMORY_SIZE ?? 'full') as EconomySize;
const SEED = 1;
const REGION = 'us';
/** A whole day and the first hour of the next: the first day is then frozen. */
const HOURS = 25;

const m = machine();
const t0 = now();
const economy = createEconomy({ seed: SEED, size: SIZE });
const realms = economy.connectedRealms(REGION);
const statics = economy.staticData(REGION);
// Past days in files, as the server keeps them under DATA_DIR (past-day-shelves.ts).
const shelfDir = mkdtempSync(path.join(tmpdir(), 'past-days-'));
const pastDays = createPastDayFiles(shelfDir);
// And each realm's last snapshot in a file of its own, as the server keeps them too.
const keptDir = mkdtempSync(path.join(tmpdir(), 'kept-'));
const keptSnapshots = createKeptSnapshotFiles(keptDir);
const builder = new SnapshotBuilder({
  region: REGION,
  realms: statics.realms,
  items: statics.items,
  pets: statics.pets,
  bonusData: economy.bonusData,
  evidence: true,
  pastDays,
  keptSnapshots,
});
const source = new DumpSource({ seed: SEED, size: SIZE, region: REGION, realmIds: realms.map((r) => r.id) });

/** The one day every realm holds before the first rollover, summed: its bytes and its cells. */
function liveDay(): { bytes: number; cells: number } {
  const out = { bytes: 0, cells: 0 };
  for (const ev of builder.evidenceRealms().values()) {
    const day = ev.buckets[0];
    out.bytes += day?.byteLength ?? 0;
    out.cells += day?.size ?? 0;
  }
  return out;
}

source.request(0);
let live = { bytes: 0, cells: 0 };
for (let h = 0; h < HOURS; h++) {
  const { dumps } = await source.take(h);
  if (h + 1 < HOURS) source.request(h + 1);
  realms.forEach((realm, i) => {
    builder.ingest(realm.id, dumps[i] as Uint8Array, economy.lastModified(REGION, realm.id, h));
  });
  if (h === 23) live = liveDay();
  if (h % 6 === 5) console.log(`hour ${h + 1}: ${((now() - t0) / 1000).toFixed(0)} s`);
}
await source.close();

// The first day, now frozen, and the kept snapshots, per realm summed.
let frozenBytes = 0;
let frozenCells = 0;
let storedBytes = 0;
let keptBytes = 0;
let auctions = 0;
for (const ev of builder.evidenceRealms().values()) {
  const first = ev.buckets[0];
  if (!first) continue;
  frozenBytes += first.byteLength;
  frozenCells += first.size;
  storedBytes += evidenceToBytes(RealmEvidence.fromDays([first])).length;
  keptBytes += ev.byteLength.kept;
  auctions += ev.keptCount;
}
// The kept snapshots as written to their files, and what the process holds for them (shared buffers).
const keptFileBytes = readdirSync(keptDir).reduce((sum, f) => sum + statSync(path.join(keptDir, f)).size, 0);
keptBytes += keptSnapshots.sharedBytes();
// Then stored and compacted into a file, as the server keeps a past day once it is saved. The build
// reads every day of the window: timed with the first day in full, then compacted and read from its file.
builder.setTsm(economy.tsmRegion(REGION, HOURS - 1));
const built = builder.build(); // warm-up: the first build also compiles
// The snapshot's per-entry evidence columns (entry-trust.ts), which the process holds with it.
const columnBytes = [
  built.entryAge,
  built.entryNearListings,
  built.entryNearQuantity,
  built.entryLowestQuantity,
  built.entrySales,
  built.entryMedian,
  built.entryLowQuartile,
  built.entryItemFloor,
  built.entryPostedHours,
].reduce((sum, c) => sum + c.byteLength, 0);
/** The median of three builds (one build swings by a second on this machine). */
function buildMs(): number {
  const times = [0, 1, 2].map(() => {
    const t = now();
    builder.build();
    return now() - t;
  });
  return quantile(
    times.sort((a, b) => a - b),
    0.5,
  );
}
const buildFullMs = buildMs();
const stored = new StoredDays();
stored.storeAndCompact(builder);
const buildPastMs = buildMs();
let pastBytes = 0;
let pastHeld = 0;
for (const ev of builder.evidenceRealms().values()) {
  const { days, shelved } = ev.byteLength;
  pastBytes += shelved + days - (ev.buckets[0]?.byteLength ?? 0);
  pastHeld += days - (ev.buckets[0]?.byteLength ?? 0);
}
pastDays.close();
rmSync(shelfDir, { recursive: true, force: true });
keptSnapshots.close();
// 14 days: the kept snapshots, 13 past days like the first, today's live day at its fullest and the
// snapshot's evidence columns.
const fourteen = keptBytes + (EVIDENCE_DAYS - 1) * pastHeld + live.bytes + columnBytes;
const fourteenNoFiles =
  keptFileBytes + keptBytes + (EVIDENCE_DAYS - 1) * pastBytes + live.bytes + columnBytes;
const rss = process.resourceUsage().maxRSS * 1024;
const runS = (now() - t0) / 1000;

const rows = [
  [
    'kept snapshots (every realm, the last hour), in files under DATA_DIR',
    `${count(auctions)} auctions`,
    `${mb(keptFileBytes)} MB`,
  ],
  ['kept snapshots, in memory (the buffers one is read into)', '', `${mb(keptBytes)} MB`],
  [
    "the snapshot's evidence columns (per entry)",
    `${count(built.entryAge.length)} entries`,
    `${mb(columnBytes)} MB`,
  ],
  ['a day at its end, live (hour 24)', `${count(live.cells)} variant-days`, `${mb(live.bytes)} MB`],
  ['a day frozen, in full', `${count(frozenCells)} variant-days`, `${mb(frozenBytes)} MB`],
  ['a day as stored (evidenceToBytes)', '', `${mb(storedBytes)} MB`],
  ['a past day compacted (as kept for two weeks, in a file under DATA_DIR)', '', `${mb(pastBytes)} MB`],
  [
    `${EVIDENCE_DAYS} days in memory: kept + 1 live + columns (+ ${EVIDENCE_DAYS - 1} past days and the kept snapshots in files, ${mb((EVIDENCE_DAYS - 1) * pastBytes + keptFileBytes)} MB)`,
    '',
    `**${mb(fourteen)} MB**`,
  ],
  [
    `${EVIDENCE_DAYS} days in memory with DATA_DIR memory:// (the past days and kept snapshots held too)`,
    '',
    `${mb(fourteenNoFiles)} MB`,
  ],
];
const report = table(['what', 'count', 'bytes'], rows);
const verdict = fourteen <= 150e6 ? 'met' : 'NOT met';
console.log(
  `\n${report}\n\npeak RSS ${mib(rss)} MiB, ${runS.toFixed(0)} s, compaction ${stored.slowestCompactMs.toFixed(0)} ms, ` +
    `build with the first day in full ${buildFullMs.toFixed(0)} ms, compacted ${buildPastMs.toFixed(0)} ms`,
);
console.log(`evidence-memory: 14 days at ${SIZE} ${mb(fourteen)} MB (target 150 MB: ${verdict})`);

if (SIZE === 'full') {
  writeSection(
    'evidence-memory',
    `## The evidence in memory over 14 days at \`full\` size

Command: \`${COMMAND}\`\\
Machine: ${machineText(m)}

The simulator (\`full\`, seed ${SEED}, ${realms.length} US connected realms) runs ${HOURS} hours into one
\`SnapshotBuilder\` with \`evidence: true\`: a whole UTC day, then the first hour of the next, which freezes
the first day; it is then stored and compacted into a file (\`RealmEvidence.compactPast\` onto
\`createPastDayFiles\`, ${stored.slowestCompactMs.toFixed(0)} ms for the region), as the server keeps a past day for two weeks under
DATA_DIR once it is saved: the operating system's file cache holds it, not the process. Each realm's
last snapshot is kept in a file of its own too (\`createKeptSnapshotFiles\`, kept-shelf.ts), read back
into buffers shared by every realm when the next hour follows it and when the build reads it. Bytes are
the evidence's own arrays (\`RealmEvidence.byteLength\`: the days' typed arrays; the shared buffers of
the kept snapshots), summed over the realms, and the snapshot's per-entry evidence columns. The cost rows of bench:trust ingest 4 hours, so they hold a few hours of one day;
this is what 14 days come to. The snapshot build, which reads every day of the
window, took ${buildFullMs.toFixed(0)} ms with the first day in full and ${buildPastMs.toFixed(0)} ms once it was compacted
(read from its file and decoded as it is read; medians of three builds).

${report}

Target at \`full\`: at most +150 MB RSS with the evidence, here the evidence's arrays over 14 days and
the snapshot's evidence columns: **${verdict}**. A day in full is one cell per variant listed on a realm that day (10 bytes) and a record per
variant sold (24 bytes, and 2 a sale); a past day keeps only what the build reads (past-day.ts: about 3
bytes a cell, 8 a cell that sold): most
variants are gear with their own bonus ids, so a day has ${(frozenCells / Math.max(1, auctions)).toFixed(2)} cells per
auction of an hour in the region. Peak RSS of the run (the simulator's worker, the engine with evidence)
${mib(rss)} MiB; the run took ${runS.toFixed(0)} s.`,
  );
}
