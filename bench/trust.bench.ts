// Deal trust against the simulator's ground truth (targets: docs/deal-trust.md). The simulator runs 16 days
// at size `standard`; every hour of every US connected realm goes into one SnapshotBuilder with the
// evidence option; at 24 evaluation hours (every 2 h over the last 48) a user buying and selling on
// every realm gets the flipping rows, and two top-100 lists are scored against what really sold:
//   (a) by Sell vs Buy (the SPEC default sort),
//   (b) by the rows' realisticProfit (the expected profit) with low confidence hidden.
// Also: the dead-listing flag against the planted dead listings (every row, not only the top 100),
// and the cost of the evidence (ingest time and RSS with and without it, in fresh child processes).
// The measuring half is lib/trust-run.ts, the report lib/trust-report.ts; settings lib/trust-settings.ts.
import { reportTrust } from './lib/trust-report';
import { runTrust } from './lib/trust-run';

reportTrust(await runTrust());
