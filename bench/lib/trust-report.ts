// The reporting half of the trust benchmark: the tables and the prose of its BENCHMARKS.md section,
// printed always and written to BENCHMARKS.md only with the default settings.
import { DEAD_LISTING_REFERENCES } from '@goldroute/domain';
import { machineText } from './machine';
import { table, writeSection } from './report';
import { count, mb, mib, ms } from './stats';
import { steadyGcText } from './trust-cost';
import { DEAD_BASIS_NAMES } from './trust-rows';
import type { TrustResults } from './trust-results';
import type { Confusion, Tally } from './trust-score';
import {
  fixed2,
  precision,
  realisedRatio,
  realisedRatioUnsoldKept,
  recall,
  summaryLine,
} from './trust-score';
import { COMMAND, COST_ROUNDS, DAYS, DEFAULTS, HOURS, SEED, SIZE, TOP, WINDOW_HOURS } from './trust-settings';

/** Prints the trust run's tables and, with the default settings, writes its section of BENCHMARKS.md. */
export function reportTrust(results: TrustResults): void {
  const { m, realmCount, costs, summary, wired } = results;
  const { hourResults, totalA, totalB, diag } = results;
  const { dead, deadTop, deadByBasis, missed } = results;
  const { aBySales, bByConfidence, bBySales, rowsSeen, trustRows, priceMismatches } = results;
  const { firstEval, lastEval, auctions, generateMs, waitMs, ingestMs, buildMs, searchMs } = results;
  const { runMs, truthMs, totalMs, salesSeen, runPeakRss, evidenceBytes, held, slowestCompactMs } = results;
  const gold = (x: number): string => `${count(Math.round(x))}g`;
  const pct = (n: number, of: number): string => (of === 0 ? '-' : `${Math.round((100 * n) / of)}%`);
  const evalCount = hourResults.length;
  const scoreTable = table(
    [
      `top ${TOP}, ${evalCount} hours`,
      'rows',
      'stated gold',
      'realised gold',
      'realised / stated',
      'same, unsold kept',
      'realised per hour',
      'buy gone 1 h later',
      'no sale in 48 h',
      'losses',
      'sold at listed price',
      'sell listing planted dead',
      'buy listing bait',
    ],
    (
      [
        ['(a) Sell vs Buy', totalA, diag.a],
        ['(b) realistic profit, no low', totalB, diag.b],
      ] as const
    ).map(([name, t, d]) => [
      name,
      count(t.rows),
      gold(t.statedGold),
      gold(t.realisedGold),
      `**${fixed2(realisedRatio(t))}**`,
      fixed2(realisedRatioUnsoldKept(t)),
      gold(t.realisedGold / Math.max(1, evalCount)),
      pct(t.buyGone, t.rows),
      pct(t.noSale, t.rows),
      pct(t.losses, t.rows),
      pct(t.fullPrice, t.rows),
      pct(d.sellDead, t.rows),
      pct(d.buyBait, t.rows),
    ]),
  );
  const hourTable = table(
    [
      'hour',
      'rows',
      'shown (b)',
      'stated (a)',
      'realised (a)',
      'ratio (a)',
      'stated (b)',
      'realised (b)',
      'ratio (b)',
    ],
    hourResults.map((r) => [
      String(r.hour),
      count(r.rows),
      String(r.shownB),
      gold(r.a.statedGold),
      gold(r.a.realisedGold),
      fixed2(realisedRatio(r.a)),
      gold(r.b.statedGold),
      gold(r.b.realisedGold),
      fixed2(realisedRatio(r.b)),
    ]),
  );
  const deadTable = table(
    ['dead-listing flag', 'rows', 'planted dead (truth)', 'flagged', 'both', 'recall', 'precision'],
    (
      [
        [`every flipping row, ${evalCount} hours`, dead],
        [`top ${TOP} by Sell vs Buy`, deadTop],
      ] as const
    ).map(([name, c]) => [
      name,
      count(c.tp + c.fp + c.fn + c.tn),
      count(c.tp + c.fn),
      count(c.tp + c.fp),
      count(c.tp),
      `**${fixed2(recall(c))}**`,
      `**${fixed2(precision(c))}**`,
    ]),
  );
  const BUCKETS = ['realm sales >= 5', 'realm sales 1-4', 'no realm sales', 'unknown'];
  const sliceRow = (name: string, t: Tally): string[] => [
    name,
    count(t.rows),
    gold(t.statedGold),
    gold(t.realisedGold),
    fixed2(realisedRatio(t)),
    fixed2(realisedRatioUnsoldKept(t)),
    pct(t.noSale, t.rows),
    pct(t.buyGone, t.rows),
  ];
  const slices: string[][] = [];
  for (const b of BUCKETS) {
    const t = aBySales.get(b);
    if (t) slices.push(sliceRow(`(a), ${b}`, t));
  }
  for (const c of ['high', 'medium', 'unknown']) {
    const t = bByConfidence.get(c);
    if (t) slices.push(sliceRow(`(b), ${c} confidence`, t));
  }
  for (const b of BUCKETS) {
    const t = bBySales.get(b);
    if (t) slices.push(sliceRow(`(b), ${b}`, t));
  }
  const sliceTable = table(
    [
      'slice of a top 100',
      'rows',
      'stated gold',
      'realised gold',
      'realised / stated',
      'unsold kept',
      'no sale',
      'buy gone',
    ],
    slices,
  );
  const deadSliceTable = table(
    [
      'dead-listing flag, every row, judged by',
      'rows',
      'planted dead',
      'flagged',
      'both',
      'recall',
      'precision',
    ],
    [...DEAD_LISTING_REFERENCES.map((r) => DEAD_BASIS_NAMES[r]), 'unknown']
      .filter((b) => deadByBasis.has(b))
      .map((b) => {
        const c = deadByBasis.get(b) as Confusion;
        return [
          b,
          count(c.tp + c.fp + c.fn + c.tn),
          count(c.tp + c.fn),
          count(c.tp + c.fp),
          count(c.tp),
          fixed2(recall(c)),
          fixed2(precision(c)),
        ];
      }),
  );
  const missedText = [...missed]
    .sort((x, y) => y[1] - x[1])
    .map(([reason, n]) => `${reason}: ${count(n)}`)
    .join('; ');
  const costTable = table(
    [
      'size, consecutive hours',
      'auctions per hour',
      'ingest ms / hour',
      'with evidence',
      'ingest +',
      'full GC ms / hour (count)',
      'with evidence',
      'build ms',
      'with evidence',
      'peak RSS MiB',
      'with evidence',
      'RSS +, median',
      'ingest + by round',
      'CPU + by round',
      'RSS + by round',
    ],
    costs.map((c) => [
      `${c.size}, ${c.hours}`,
      count(c.auctionsPerHour),
      ms(c.plainMs),
      ms(c.evidenceMs),
      `**${Math.round((100 * c.evidenceMs) / c.plainMs - 100)}%**`,
      steadyGcText(c.plain),
      steadyGcText(c.evidence),
      ms(c.plain.buildMs),
      ms(c.evidence.buildMs),
      mib(c.plain.peakRss),
      mib(c.evidence.peakRss),
      `**${mib(c.rssMedian)} MiB**`,
      c.ratios.map((r) => `${Math.round(100 * r - 100)}%`).join(', '),
      c.cpuRatios.map((r) => `${Math.round(100 * r - 100)}%`).join(', '),
      c.rssDiffs.map((d) => `${mib(d)} MiB`).join(', '),
    ]),
  );
  const runLine =
    `The run took ${(runMs / 1000).toFixed(0)} s (${count(auctions)} auctions ingested; per hour of ${realmCount} realms: ` +
    `generate ${ms(generateMs / HOURS)} ms (in a worker thread, an hour ahead), ingest with evidence ` +
    `${ms(ingestMs / HOURS)} ms, waiting for the worker ${ms(waitMs / HOURS)} ms; ` +
    `${evalCount} builds ${ms(buildMs / Math.max(1, evalCount))} ms and flipping searches ` +
    `${ms(searchMs / Math.max(1, evalCount))} ms each), the truth ${(truthMs / 1000).toFixed(1)} s ` +
    `(${count(salesSeen)} sales), the whole benchmark ${(totalMs / 1000).toFixed(0)} s. Peak RSS of the run ` +
    `(simulator, its ground truth and the engine with evidence) ${mib(runPeakRss)} MiB; the evidence as ` +
    `stored (evidenceToBytes, ${realmCount} realms, ${Math.min(DAYS, 14)} daily buckets) ${mb(evidenceBytes)} MB, ` +
    `in memory ${mb(held.kept + held.days)} MB (kept snapshots ${mb(held.kept)} MB, today's ${mb(held.days)} MB) and ` +
    `${held.dayCount - 1} past days compacted once stored in files ${mb(held.shelved)} MB ` +
    `(the slowest compaction ${ms(slowestCompactMs)} ms).`;
  const checks =
    `${count(rowsSeen)} flipping rows at the evaluation hours (${count(trustRows)} with trust fields); ` +
    `rows whose buy or sell price differs from our own reading of the dumps: ${count(priceMismatches)}.`;
  const line = summaryLine(summary);

  console.log(
    `\n${scoreTable}\n\n${hourTable}\n\n${sliceTable}\n\n${deadTable}\n\n${deadSliceTable}\n\n` +
      `Planted dead listings not flagged, by reason: ${missedText || 'none'}.\n\n${costTable}\n\n${runLine}\n${checks}`,
  );
  if (!wired)
    console.log(
      '\nThe rows carry no realisticProfit / confidence / flags: (b) and the dead-listing flag are empty.',
    );
  if (DEFAULTS && wired) {
    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
    const maxCost = costs.find((c) => c.size === 'full');
    writeSection(
      'trust',
      `## Deal trust against the ground truth

Command: \`${COMMAND}\`\\
Machine: ${machineText(m)}

The simulator (\`${SIZE}\`, seed ${SEED}) runs ${DAYS} days; every hour of all ${realmCount} US connected
realms goes into one \`SnapshotBuilder\` with \`evidence: true\`. At ${evalCount} evaluation hours (every
2 h over the last 48: hours ${firstEval}-${lastEval}) a user buying and selling on every realm gets the
flipping rows (SPEC §5 floors), and two top-${TOP} lists are scored against the simulator's ground truth
(\`@goldroute/simulator/truth\`):

- **(a)** sorted by Sell vs Buy (the SPEC default); stated profit = Sell vs Buy;
- **(b)** sorted by the rows' \`realisticProfit\` (the expected profit since it replaced the going-rate profit) with low
  confidence hidden; stated profit = that figure.

A row realises, per unit, its realised sale x 0.95 - its buy price, where the realised sale is the
highest price at which that variant actually sold on the sell realm in the next ${WINDOW_HOURS} hours, capped at
the row's sell price (0 if it did not sell: the item was bought and not sold). A row whose buy
listing (the auctions at the buy price) was gone from the next hour's dump realises 0: it could not be
bought. ("same, unsold kept" is a diagnostic only: the ratio if an item that did not sell in the
window cost nothing.) Realised / stated pools all ${evalCount} x ${TOP} rows of a list (sum of realised profit over
sum of stated profit); realised gold is the sum over the ${evalCount} hours.

${scoreTable}

Realised / stated: (a) **${fixed2(summary.ratioA)}**, (b) **${fixed2(summary.ratioB)}** (target for (b) at
least 0.80: ${verdict(summary.ratioB >= 0.8)}). Realised gold (b) / (a) = **${fixed2(summary.goldBOverA)}**
((b) must realise more: ${verdict(totalB.realisedGold > totalA.realisedGold)}; the ratio is n/a when (a)
realised no gold at all).

The dead-listing flag against the planted dead listings: a row is truly dead when its sell realm's
lowest listing of the variant (the auction its sell price comes from) is a planted dead listing.
Recall target 0.95: ${verdict(summary.deadRecall >= 0.95)}; precision target 0.90: ${verdict(summary.deadPrecision >= 0.9)}.

${deadTable}

Where the rows come from, by the sales the sell realm was seen making in 14 days; and the dead-listing
flag by what the rule judged the sell price against (the realm's median sale when it had sales, else the
lower of the item floor, what the realm offered the item at in 14 days with all its variants counted, and
the variant's own floor there; else the listing is the realm's only price; a relisted price without sales
is dead whatever it was judged against, and a listing posted for 24 hours or less is dead only once
relisted). Planted dead listings not
flagged, by reason: ${missedText || 'none'}.

${sliceTable}

${deadSliceTable}

### Cost of the evidence

Consecutive hours of the US dumps (seed ${SEED}, written to \`bench/.data/\`, read as text) ingested into one
\`SnapshotBuilder\` with and without \`evidence: true\`, each in a fresh process that holds the engine and its
static data only (the simulator that wrote the dumps is dropped first), in ${COST_ROUNDS} rounds of
a plain run and an evidence run back to back (every other round the evidence run goes first).
"ingest ms / hour" is the median over the rounds of each mode's ingest time per hour, and "ingest +" the
ratio of those medians, on which the target is judged: a process's parse speed moves by up to a fifth
from one process to the next (V8 compiles the dump parser differently each time), whatever the run beside
it did, so the ratio of the two medians is steadier than the median of the rounds' ratios. The table's
last columns give every round ("CPU +": the ratio of the CPU time the ingest took, every thread of the
process, which the machine's other load stretches less than the wall time); "RSS +" is the median over
the rounds of the peak RSS difference; the full GC, build and peak RSS columns are those of the round
with the median ingest ratio. "ingest ms / hour" leaves out the first hour (nothing to
follow yet), and so does "full GC": the time V8's full (mark-compact) collections took within the
ingest, with how many there were an hour (Node's \`gc\` performance entries). Each dump is given to the
engine as text, as the server receives it (\`res.text()\` of Blizzard's response, the simulator's
\`auctionsJson\`): given as a Buffer, each dump is array-buffer memory beside the evidence's ~140 MB of
typed arrays at \`full\`, and V8 then ran ~15 full collections an hour against ~2 without the evidence,
a cost the server does not have. The build is the last hour's snapshot; peak RSS is \`process.resourceUsage().maxRSS\` after it.
Targets at \`full\` size: at most +25% ingest time and +150 MB RSS${
        maxCost
          ? ` (ingest ${verdict(maxCost.evidenceMs <= 1.25 * maxCost.plainMs)}, RSS ${verdict(maxCost.rssMedian <= 150e6)} at ${mb(maxCost.rssMedian)} MB)`
          : ''
      }.

${costTable}

${runLine}
${checks}

<details><summary>Per evaluation hour</summary>

${hourTable}

</details>

\`${line}\``,
    );
  } else if (!DEFAULTS) console.log('\nBENCHMARKS.md not written (TRUST_* overrides in effect).');
  console.log(line);
}
