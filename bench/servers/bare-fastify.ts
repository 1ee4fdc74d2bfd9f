// Baseline for the bench: the smallest Fastify app, no plugins, no logging.
import Fastify from 'fastify';

const app = Fastify();
app.get('/hello', async () => ({ hello: 'world' }));
// The same hello-world, taking the same JSON body as the tool call: isolates the cost of the pipeline from body parsing.
app.post('/hello', async () => ({ hello: 'world' }));
const address = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
process.stdout.write(`listening on ${address}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
