import { describeSurfaceContract } from '@symfonic/surface-contract';
import { mcpHarness } from './__fixtures__/mcp-surface.js';

describeSurfaceContract(mcpHarness('stdio'));
describeSurfaceContract(mcpHarness('http'));
