// The embedded simulator's thread (simulator-thread.ts): makes the seeded economy again from its
// options and serves it, so generating and compressing the simulated dumps never runs on the thread
// that answers the app's requests (about half a second per realm dump at full size).
import { createEconomy, startSimulatorServer } from '@goldroute/simulator';
import { parentPort, workerData } from 'node:worker_threads';
import { runAsBackgroundThread } from '../../lib/thread-priority';
import type { SimulatorThreadData, ToSimulator, FromSimulator } from './simulator-thread';

// It stands in for Blizzard, whose work is not the app's: requests go first.
runAsBackgroundThread();
const data = workerData as SimulatorThreadData;
const port = parentPort;
if (!port) throw new Error('simulator-worker.ts runs as a worker thread');
const send = (message: FromSimulator) => port.postMessage(message);

const economy = createEconomy(data.economy);
const server = await startSimulatorServer({
  economy,
  port: 0,
  host: '127.0.0.1',
  ...(data.hour === undefined ? { clock: Date.now } : { hour: data.hour }),
});
port.on('message', (message: ToSimulator) => {
  if (message.type === 'advance') send({ type: 'hour', hour: server.advanceHour(message.hours) });
  else void server.close().then(() => send({ type: 'closed' }));
});
send({ type: 'listening', url: server.url });
