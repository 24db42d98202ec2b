import { Limits } from '@symfonic/core';
import { z } from 'zod';

/** The `ref` argument of the tools that name one memory: a ref of the latest recall, or a memory id. */
export const memoryRefInput = z
  .string()
  .trim()
  .min(1)
  .max(Limits.id)
  .describe(
    'The memory: its ref in your latest memory_recall ("#2"), or its id (as memory_recall and the memories resource list it).',
  );
