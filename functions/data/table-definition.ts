/**
 * The single table, declared once. The CDK stack and the local runtime both build the table from
 * this definition, so the keys and indexes tested locally are the ones deployed.
 * Access patterns per index are listed in docs/architecture.md.
 */
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Items with this attribute (epoch seconds) are removed by DynamoDB's TTL. */
  ttlAttribute: 'expiresAt',
  globalSecondaryIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
} as const;
