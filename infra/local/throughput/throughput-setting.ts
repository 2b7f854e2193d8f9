/**
 * Whether the local product puts DynamoDB's partition limits in front of DynamoDB Local: on unless
 * `LIVREA_DYNAMODB_THROUGHPUT=off`, so that what DynamoDB would throttle on AWS is throttled by
 * `npm start` too (a newcomer sees the product as it behaves there, not faster).
 */
export function throughputModelWanted(env: NodeJS.ProcessEnv): boolean {
  return env.LIVREA_DYNAMODB_THROUGHPUT?.trim().toLowerCase() !== 'off';
}
