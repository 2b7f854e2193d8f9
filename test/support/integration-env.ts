import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Each test file: its own table and data folder on the run's DynamoDB Local.
process.env.NODE_ENV = 'test';
process.env.LIVREA_RUNTIME = 'local';
process.env.TABLE_NAME = `test-${randomBytes(6).toString('hex')}`;
process.env.LIVREA_DATA_DIR = mkdtempSync(join(tmpdir(), 'livrea-test-'));
process.env.PUBLIC_URL = 'http://localhost:3000';
