import { describeSurfaceContract } from '@symfonic/surface-contract';
import { langChainHarness } from './__fixtures__/langchain-surfaces.js';

describeSurfaceContract(langChainHarness('middleware', 'invoke'));
describeSurfaceContract(langChainHarness('middleware', 'stream'));
describeSurfaceContract(langChainHarness('memoryTools beside the middleware', 'invoke'));
describeSurfaceContract(langChainHarness('memoryTools beside the middleware', 'stream'));
