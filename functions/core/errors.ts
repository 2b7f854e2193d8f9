/**
 * Domain errors. Use cases throw these; the HTTP error middleware maps each to its status and
 * sends its French message. A raw error never reaches the client.
 */
export interface FieldError {
  path: string;
  message: string;
}

export abstract class AppError extends Error {
  abstract readonly status: number;
  /** Structured detail for the client beyond the message (an import's cell errors, a simulation). */
  details?: unknown;
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  readonly status = 400;
  constructor(
    message: string,
    readonly errors: FieldError[] = [],
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** No credentials (401). */
export class AuthenticationRequiredError extends AppError {
  readonly status = 401;
}

/** Wrong e-mail or password (401), same message for both. */
export class InvalidCredentialsError extends AppError {
  readonly status = 401;
}

/** Expired, revoked or tampered token: 498, the SPA then sends the user to /login. */
export class SessionExpiredError extends AppError {
  readonly status = 498;
}

export class ForbiddenError extends AppError {
  readonly status = 403;
}

export class NotFoundError extends AppError {
  readonly status = 404;
}

export class ConflictError extends AppError {
  readonly status = 409;
}

export class PayloadTooLargeError extends AppError {
  readonly status = 413;
}

export class UnsupportedMediaTypeError extends AppError {
  readonly status = 415;
}

/** The service cannot take the request now (a planning too busy to book in time): try again shortly. */
export class ServiceUnavailableError extends AppError {
  readonly status = 503;
}

export class TooManyRequestsError extends AppError {
  readonly status = 429;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
