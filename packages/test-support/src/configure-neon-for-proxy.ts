import { neonConfig } from '@neondatabase/serverless';
import ws from 'ws';

/**
 * Point Neon's serverless driver at a local WebSocket-to-TCP proxy: Node 20
 * has no global WebSocket, the proxy speaks plain `ws://`, the local server
 * takes no TLS, and pipelining the connection start-up (which assumes Neon's
 * password authentication) is off.
 */
export function configureNeonForProxy(proxyPort: number): void {
  neonConfig.webSocketConstructor = ws;
  neonConfig.wsProxy = (host, port) => `127.0.0.1:${proxyPort}/v2?address=${host}:${port}`;
  neonConfig.useSecureWebSocket = false;
  neonConfig.forceDisablePgSSL = true;
  neonConfig.pipelineTLS = false;
  neonConfig.pipelineConnect = false;
}
