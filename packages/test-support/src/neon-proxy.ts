export { configureNeonForProxy } from './configure-neon-for-proxy.js';
export { startWebSocketProxy, type WebSocketProxy } from './start-websocket-proxy.js';
