// A worker thread that writes a region's hourly auction dumps (UTF-8 bytes, as the app receives
// them) one hour ahead of the thread that ingests them: on a 2-core machine generation and ingest
// then overlap. Ask with DumpSource.request(hour), take with DumpSource.take().
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { EconomySize, RegionCode } from '@goldroute/simulator';
import { createEconomy } from '@goldroute/simulator';

export interface DumpSourceOptions {
  seed: number;
  size: EconomySize;
  region: RegionCode;
  realmIds: readonly number[];
}

export interface HourDumps {
  hour: number;
  /** One dump per realm, in the order of `realmIds`. */
  dumps: Uint8Array[];
  /** Time the worker spent writing them, ms. */
  generateMs: number;
}

export class DumpSource {
  private readonly worker: Worker;
  private readonly ready = new Map<number, HourDumps>();
  private readonly waiting = new Map<number, (d: HourDumps) => void>();
  private failure: unknown;

  constructor(options: DumpSourceOptions) {
    // Workers of Node 20 do not inherit the parent's `--import tsx` hooks: register them first.
    const bootstrap =
      `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})` +
      `.then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;
    this.worker = new Worker(bootstrap, { eval: true, workerData: options });
    this.worker.on('message', (d: HourDumps) => {
      const resolve = this.waiting.get(d.hour);
      if (resolve) {
        this.waiting.delete(d.hour);
        resolve(d);
      } else this.ready.set(d.hour, d);
    });
    this.worker.on('error', (err) => {
      this.failure = err;
      for (const resolve of this.waiting.values()) resolve({ hour: -1, dumps: [], generateMs: 0 });
    });
  }

  /** Starts writing an hour's dumps. */
  request(hour: number): void {
    this.worker.postMessage(hour);
  }

  /** The dumps of a requested hour, once written. */
  async take(hour: number): Promise<HourDumps> {
    const done = this.ready.get(hour);
    const d = done ?? (await new Promise<HourDumps>((resolve) => this.waiting.set(hour, resolve)));
    this.ready.delete(hour);
    if (this.failure !== undefined) throw this.failure;
    return d;
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  const options = workerData as DumpSourceOptions;
  const economy = createEconomy({ seed: options.seed, size: options.size });
  const encoder = new TextEncoder();
  port.on('message', (hour: number) => {
    const t = performance.now();
    const dumps = options.realmIds.map((id) =>
      encoder.encode(economy.auctionsJson(options.region, id, hour)),
    );
    const message: HourDumps = { hour, dumps, generateMs: performance.now() - t };
    port.postMessage(
      message,
      dumps.map((d) => d.buffer as ArrayBuffer),
    );
  });
}
