/**
 * What an MCP request needs beyond the routes: the SDK's transports and the server built on it (mcp/server.ts).
 * Together about 0.1 s of import, so mcp/transports.ts loads this module with the first MCP request, or at boot
 * under `npm start` (src/lib/lazy.ts).
 */
export { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
export { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
export { createMcpServer } from './server.ts';
