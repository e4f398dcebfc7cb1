// Entry of the reader's worker threads: worker threads do not always inherit tsx's loader (see
// knowledge/extractWorker.mjs), so this plain module registers it and hands piscina the TypeScript reader.
import { register } from 'tsx/esm/api';

register();
const { default: read } = await import('./readWorker.ts');

export default read;
