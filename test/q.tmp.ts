import { openLake } from '../test/datasets/ingest/lake-read.ts';
const l = await openLake(process.argv[2]!);
for (const q of process.argv.slice(3)) console.table(await l.q(q));
l.close();
