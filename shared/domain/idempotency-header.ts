/**
 * The header that carries the client's idempotency key (docs/api.md « Operations »), as the SPA
 * sends it and the server reads it (API Gateway lower-cases header names). Apart from the
 * schemas so that the buyer page's bundle, which loads no zod, can name it.
 */
export const idempotencyHeader = 'Idempotency-Key';
