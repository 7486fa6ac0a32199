/** Stand-alone entry of the ingester (`npx tsx datasets/ingest/main.ts --node … --out …`), same as `tronlake ingest`. */
import { ingestCli } from './index.ts';

ingestCli(process.argv.slice(2)).catch((e: unknown) => {
  console.error(`tronlake ingest: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
