// Worker entry: Node 20 does not pass the main thread's TypeScript loader to workers, so register tsx here
// (a project dependency) before loading the TypeScript worker body.
import { register } from 'tsx/esm/api';

register();
await import('./decode-worker.ts');
