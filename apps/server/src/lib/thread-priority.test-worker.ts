// thread-priority.test.ts's worker: lowers its own priority and tells the nice value it then has.
import { getPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { runAsBackgroundThread } from './thread-priority';

parentPort?.postMessage({ lowered: runAsBackgroundThread(), nice: getPriority(0) });
