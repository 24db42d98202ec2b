import { describeSurfaceContract } from '@symfonic/surface-contract';
import { toolCallShapes } from '../__fixtures__/tool-call-replies.js';
import { toolChannelHarness } from '../__fixtures__/tool-channel-surface.js';

for (const shape of toolCallShapes) describeSurfaceContract(toolChannelHarness(shape));
