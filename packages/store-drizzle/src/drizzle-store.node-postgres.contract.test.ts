import { testDatabase } from '@symfonic/test-support/postgres';
import {
  describeNodePostgresContract,
  describeSkippedWithoutDatabase,
} from './testing/node-postgres-contract.js';

const suite = 'drizzle on PostgreSQL via node-postgres';
const url = await testDatabase('symfonic_drizzle_node_postgres');

if (url) await describeNodePostgresContract(suite, url);
else describeSkippedWithoutDatabase(suite);
