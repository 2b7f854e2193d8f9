/**
 * The AWS unit prices the cost bench (scripts/bench/cost.ts) multiplies its counts by, in USD, in
 * one place with the date they were read. List prices of us-east-1 as published on AWS's pricing
 * pages; eu-west-3 (Paris), where Livrea deploys, is a few percent dearer for most of them. Free
 * tiers are left out (a promoter's month is paid as if the account did nothing else).
 *
 * Checked on 30 November 2026 against stored pricing pages: DynamoDB on demand 0.125 / 0.625 USD
 * per million read / write request units (the November 2024 reduction, AWS's on-demand post as
 * updated on 31 January 2025); Lambda arm64 0.0000133334 USD per GB-second and 0.20 USD per million
 * requests (first 7.5 billion GB-seconds a month); SES 0.10 USD per 1,000 mails; EventBridge
 * Scheduler 1.00 USD per million invocations (March 2026). Not found there, kept as read in June
 * 2025: API Gateway HTTP API, S3, CloudFront, and the SMS to France. The SMS price decides the total:
 * read it again on the AWS End User Messaging SMS pricing page (France, sender ID, transactional;
 * SNS delivers its SMS through that service) before quoting a figure, and set `smsPriceUsd` (docs/deploy.md) to it.
 */
export const unitPricesReadOn = '2026-11-30 (DynamoDB, Lambda, SES, Scheduler checked; HTTP API, S3, CloudFront 2025-06; SMS to France approximate)';

export const unitPrices = {
  /** Lambda, arm64: per GB-second of duration, per request. */
  lambdaGbSecond: 0.0000133334,
  lambdaRequest: 0.2 / 1_000_000,
  /** API Gateway HTTP API: per request (first 300 million a month). */
  httpApiRequest: 1.0 / 1_000_000,
  /** DynamoDB on demand (after the November 2024 reduction): per read request unit, per write request unit. */
  dynamodbReadUnit: 0.125 / 1_000_000,
  dynamodbWriteUnit: 0.625 / 1_000_000,
  /** DynamoDB storage, per GB-month. */
  dynamodbGbMonth: 0.25,
  /** S3 Standard: PUT (and COPY, POST, LIST) per request, GET per request, storage per GB-month. */
  s3Put: 0.005 / 1_000,
  s3Get: 0.0004 / 1_000,
  s3GbMonth: 0.023,
  /** SES: per mail sent (attachments' bytes ignored: a few KB each). */
  sesMail: 0.1 / 1_000,
  /** SNS SMS to France, transactional, per message part (one part: the texts stay under 160 GSM characters). */
  smsFrance: 0.0723,
  /** EventBridge Scheduler: per invocation of a schedule. */
  schedulerInvocation: 1.0 / 1_000_000,
  /** CloudFront, Europe: per GB out to the internet, per 10,000 HTTPS requests. */
  cloudFrontGb: 0.085,
  cloudFrontRequest: 0.012 / 10_000,
} as const;
