import type { Role } from '../../shared/domain/roles';

/**
 * Who is calling: from a verified token whose session is still live. The use cases take it as a
 * value; how it is obtained (the HTTP layer's `authenticate`) is none of their business.
 */
export interface Caller {
  userId: string;
  role: Role;
  jti: string;
  exp: number;
  impersonatorId?: string;
}
