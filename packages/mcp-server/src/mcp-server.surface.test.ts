import { describeSurfaceContract } from '@symfonic/surface-contract';
import { vi } from 'vitest';
import { mcpHarness } from './__fixtures__/mcp-surface.js';

// Each case seeds PGlite and spawns the built server: a cold start takes seconds on a shared machine.
vi.setConfig({ testTimeout: 120_000 });

describeSurfaceContract(mcpHarness('stdio'));
describeSurfaceContract(mcpHarness('http'));
