// An integration file calls DynamoDB through DynamoDB's throughput model (docs/architecture.md
// « DynamoDB's limits on the local runtime »). Its own handlers, in this process, through the model
// in their client (functions/adapters/local/throughput/in-process-throughput.ts): the run's proxy
// (setup/throughput-model.ts) cost a second HTTP hop a call, about half a millisecond of CPU. The
// processes it starts (worker pools, crash-test runtimes) inherit DYNAMODB_ENDPOINT, the run's
// proxy, but not the pid, so their calls are counted together there. DYNAMODB_LOCAL_ENDPOINT keeps
// DynamoDB Local's own address for the seeds and the tests that put a model of their own in front.
const model = process.env.LIVREA_TEST_THROUGHPUT_ENDPOINT;
if (model && process.env.DYNAMODB_ENDPOINT !== model) {
  process.env.DYNAMODB_LOCAL_ENDPOINT = process.env.DYNAMODB_ENDPOINT;
  process.env.DYNAMODB_ENDPOINT = model;
}
process.env.LIVREA_THROUGHPUT_IN_PROCESS_PID = String(process.pid);
