// Reads requests into workflow specs in worker threads, with a time and a heap limit: the reader is pattern work over
// the whole text, and a long or hostile message (up to the 100,000 characters a message may have) would otherwise
// hold the event loop, and every other user's run and request, for seconds. A read that goes over its limits ends
// its worker; the pool starts another.
import { Piscina } from 'piscina';
import type { SessionRead } from './edit.ts';
import type { ReadJob } from './readWorker.ts';

export interface ReadLimits {
  timeoutMs: number;
  memoryMb: number;
}

/** A read stopped at its limits: the request was too long or too tangled to read in time. */
export class ReadOverLimitsError extends Error {
  constructor() {
    super('The request could not be read within the time limit.');
  }
}

const WORKER = new URL('./readWorker.mjs', import.meta.url).href;

let pool: Piscina<ReadJob, SessionRead> | null = null;
let poolMemoryMb = 0;

/** One pool per process (like a database pool): its idle worker keeps the reader's code loaded between runs. */
function readerPool(memoryMb: number): Piscina<ReadJob, SessionRead> {
  if (pool && poolMemoryMb === memoryMb) return pool;
  void pool?.destroy();
  poolMemoryMb = memoryMb;
  pool = new Piscina<ReadJob, SessionRead>({
    filename: WORKER,
    minThreads: 1,
    maxThreads: 2,
    // Idle workers are unreferenced by piscina, so a process with nothing else to do still exits.
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: Math.max(8, memoryMb / 8) },
  });
  return pool;
}

/** The session's latest request read off the event loop; ReadOverLimitsError when it took too long or too much memory. */
export async function readSessionOffThread(
  job: ReadJob,
  limits: ReadLimits,
  signal?: AbortSignal,
): Promise<SessionRead> {
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  try {
    return await readerPool(limits.memoryMb).run(job, {
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    if (timeout.aborted || isOutOfMemory(error)) throw new ReadOverLimitsError();
    throw error;
  }
}

const isOutOfMemory = (error: unknown) => (error as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
