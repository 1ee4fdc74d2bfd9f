import { run } from '/work/main/test/helpers/invoke.ts';
import { securityApisTools } from '/work/main/src/tools/security-apis/index.ts';
const slug = process.argv[2];
const tool = securityApisTools.find((t) => t.slug === slug)!;
const inputs = process.argv[3] ? [JSON.parse(process.argv[3])] : tool.examples.map((e) => e.input);
for (const input of inputs) {
  const t = Date.now();
  try { const r = await run(tool, input); console.log(JSON.stringify(r, null, 1), Date.now() - t, 'ms'); }
  catch (e) { console.log('ERR', (e as any).status, (e as any).code, (e as any).detail, (e as Error).stack); }
}
