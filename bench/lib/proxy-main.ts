// The path-routing proxy as its own process, so a load generator never shares its event loop.
// Env: PORT, PROXY_UPSTREAMS (JSON: { api: [{ name, url }], auth: [{ name, url }] }).
import { startPathRoutingProxy, type Upstreams } from './path-routing-proxy.js';

const upstreams = JSON.parse(process.env.PROXY_UPSTREAMS ?? '') as Upstreams;
const proxy = await startPathRoutingProxy(upstreams, Number(process.env.PORT));
process.stdout.write(`proxy listening on ${proxy.url}\n`);
process.on('SIGTERM', () => void proxy.close().then(() => process.exit(0)));
