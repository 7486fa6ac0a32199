/**
 * The floor of every bench run: a bare Fastify route returning a small JSON body, in its own process like the
 * server under test, so the load generator's own cost on this machine is measured in the same run.
 *   node --import tsx src/bench/bare-server.ts PORT
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ total: 1, rangeTotal: 1, data: [{ ok: true }] }));
await app.listen({ port: Number(process.argv[2] ?? 38999), host: '127.0.0.1' });
