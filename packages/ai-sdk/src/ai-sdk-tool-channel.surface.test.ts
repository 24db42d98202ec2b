import { describeSurfaceContract } from '@symfonic/surface-contract';
import { toolChannelHarness } from './__fixtures__/ai-sdk-tool-channel-surface.js';
import { aiSdkToolCallShapes } from './__fixtures__/ai-sdk-tool-replies.js';

for (const shape of aiSdkToolCallShapes) describeSurfaceContract(toolChannelHarness(shape));
