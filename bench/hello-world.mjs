// The peer of api-throughput.ts: a bare fastify hello world on a free loopback port, which it prints.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(address);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
