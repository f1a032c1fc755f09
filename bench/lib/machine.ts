// Where and when a benchmark ran: every result in BENCHMARKS.md carries this line.
import os from 'node:os';

export interface Machine {
  date: string;
  cores: number;
  cpu: string;
  memoryGiB: number;
  node: string;
  /** 1, 5 and 15 minute load averages. */
  load: number[];
}

export function machine(): Machine {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    cores: cpus.length,
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    load: os.loadavg(),
  };
}

export function loadText(load: readonly number[] = os.loadavg()): string {
  return load.map((x) => x.toFixed(2)).join(' / ');
}

export function machineText(m: Machine, loadAfter?: readonly number[]): string {
  const after = loadAfter ? `, after ${loadText(loadAfter)}` : '';
  return (
    `${m.date}, ${m.cores} cores (${m.cpu}), ${m.memoryGiB} GiB, Node ${m.node}, ` +
    `load average (1/5/15 min) before ${loadText(m.load)}${after}`
  );
}
