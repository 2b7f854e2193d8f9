import { ensureTestTable } from './test-api';

// Every integration test file starts with its own table in place.
beforeAll(() => ensureTestTable());
