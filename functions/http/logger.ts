import { Logger } from '@aws-lambda-powertools/logger';

/** One logger per process; request bodies and headers are never logged (they carry secrets). */
export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'livrea',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | 'WARN' | 'ERROR' | 'DEBUG' | undefined) ?? (process.env.NODE_ENV === 'test' ? 'ERROR' : 'INFO'),
});
