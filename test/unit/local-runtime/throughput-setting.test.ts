import { throughputModelWanted } from '../../../infra/local/throughput/throughput-setting';

describe("npm start's DynamoDB throughput model", () => {
  it('is on unless LIVREA_DYNAMODB_THROUGHPUT says off: a newcomer meets the partition limits AWS enforces', () => {
    expect(throughputModelWanted({})).toBe(true);
    expect(throughputModelWanted({ LIVREA_DYNAMODB_THROUGHPUT: 'on' })).toBe(true);
    expect(throughputModelWanted({ LIVREA_DYNAMODB_THROUGHPUT: '' })).toBe(true);
    expect(throughputModelWanted({ LIVREA_DYNAMODB_THROUGHPUT: 'off' })).toBe(false);
    expect(throughputModelWanted({ LIVREA_DYNAMODB_THROUGHPUT: ' OFF ' })).toBe(false);
  });
});
