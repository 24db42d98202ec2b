import { describeSurfaceContract } from '@symfonic/surface-contract';
import { aiSdkHarness } from './__fixtures__/ai-sdk-surfaces.js';

describeSurfaceContract(aiSdkHarness('middleware', 'generate'));
describeSurfaceContract(aiSdkHarness('middleware', 'stream'));
describeSurfaceContract(aiSdkHarness('memoryTools', 'generate'));
describeSurfaceContract(aiSdkHarness('memoryTools', 'stream'));
describeSurfaceContract(aiSdkHarness('memoryTools beside the middleware', 'generate'));
describeSurfaceContract(aiSdkHarness('memoryTools beside the middleware', 'stream'));
