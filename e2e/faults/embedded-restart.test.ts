// The embedded default stopped and started again on the same DATA_DIR, as a deploy does: the deals it
// shows after the restart carry the same evidence as before it (listing ages, depth, quantities, and so
// the confidence and expected profit), not the zeros of a realm watched for the first time.
import { describe, expect, it } from 'vitest';
import { call, type Account } from './support/api';
import { stopAppProcess, type AppProcess } from './support/app-process';
import { demoAccount, embeddedOnFreshDir } from './support/embedded';
import { proved, seconds, sleep } from './support/report';

interface Row {
  uniqueTradeKey: string;
  confidence: string;
  flags: string[];
  realisticProfit: number;
  saleChance: number;
  evidence: Record<string, number | null>;
}

/** Every realm bought and sold, once the first snapshot is in: the rows and the newest dump's time. */
async function deals(app: AppProcess, account: Account): Promise<{ rows: Row[]; lastModified: number }> {
  const realms = await call(app.baseUrl, 'GET', '/shared/data/realms/us');
  const ids = (realms.body as unknown as { id: number }[]).map((r) => r.id);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await call(app.baseUrl, 'POST', '/retail/market/ah-data-undercut/us', {
      token: account.token,
      body: { retailBuyingRealms: ids, retailSellingRealms: ids },
    });
    const data = answer.body.data as { items: Row[]; lastModified: number } | undefined;
    if (answer.status === 200 && data && data.items.length > 0)
      return { rows: data.items, lastModified: data.lastModified };
    if (Date.now() > deadline) throw new Error(`no deals: ${answer.status} ${JSON.stringify(answer.body)}`);
    await sleep(500);
  }
}

const trustOf = ({ evidence, confidence, flags, realisticProfit, saleChance }: Row) => ({
  evidence,
  confidence,
  flags,
  realisticProfit,
  saleChance,
});

describe('embedded process restarted on its DATA_DIR', () => {
  const { started, start } = embeddedOnFreshDir();

  it('shows the same deal evidence after the restart as before it', async () => {
    const first = await start('embedded');
    const subscriber = await demoAccount(first, 'subscriber');
    let before = await deals(first, subscriber);
    let after = before;
    // A new hour of dumps between the two answers changes the evidence rightly: then restart again.
    for (let attempt = 0; attempt < 2; attempt++) {
      const app = started.at(-1) as AppProcess;
      before = await deals(app, subscriber);
      const stopped = await stopAppProcess(app);
      expect(stopped.code).toBe(0);
      const restartedAt = Date.now();
      const again = await start(`embedded (restart ${attempt + 1})`);
      after = await deals(again, subscriber);
      proved(
        'embedded restart on its DATA_DIR',
        `served deals again ${seconds(Date.now() - restartedAt)} after the start`,
      );
      if (after.lastModified === before.lastModified) break;
    }
    expect(after.lastModified).toBe(before.lastModified);
    const was = new Map(before.rows.map((r) => [r.uniqueTradeKey, trustOf(r)]));
    for (const row of after.rows) expect(trustOf(row)).toEqual(was.get(row.uniqueTradeKey));
    const same = after.rows.length;
    expect(same).toBe(before.rows.length);
    expect(after.rows.every((r) => (r.evidence.buyQuantity ?? 0) > 0)).toBe(true);
    proved(
      'embedded restart on its DATA_DIR',
      `${same} rows after a SIGTERM and a start on the same DATA_DIR carry the evidence, confidence, flags and expected profit they had before it`,
    );
  });
});
