/** Stand-alone entry of the ingester (`npx tsx datasets/ingest/main.ts --node … --out …`), same as `tronlake ingest`. */
import { UsageError } from '../../src/cli-command.ts';
import { ingestCli } from './index.ts';

ingestCli(process.argv.slice(2)).catch((e: unknown) => {
  console.error(`tronlake ingest: ${e instanceof Error ? e.message : String(e)}${e instanceof UsageError ? ' (see tronlake ingest --help)' : ''}`);
  // a command-line mistake exits 2 (as `tronlake ingest`), any other failure 1
  process.exit(e instanceof UsageError ? 2 : 1);
});
