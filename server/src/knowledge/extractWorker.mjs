// Entry of the extraction worker: worker threads do not inherit tsx's loader, so this plain module registers it
// and then loads the TypeScript worker (works under `npm start`, `tsx watch` and the tests alike).
import { register } from 'tsx/esm/api';

register();
await import('./extractWorker.ts');
