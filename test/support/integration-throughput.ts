// An integration file calls DynamoDB through the run's throughput model (setup/throughput-model.ts);
// DYNAMODB_LOCAL_ENDPOINT keeps DynamoDB Local's own address for the tests that put a model of
// their own in front of it.
const model = process.env.LIVREA_TEST_THROUGHPUT_ENDPOINT;
if (model && process.env.DYNAMODB_ENDPOINT !== model) {
  process.env.DYNAMODB_LOCAL_ENDPOINT = process.env.DYNAMODB_ENDPOINT;
  process.env.DYNAMODB_ENDPOINT = model;
}
