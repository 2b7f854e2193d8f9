import { sizeFromEnv } from '../../../functions/runtime/size-from-env';

describe('page and batch sizes a test may lower (docs/architecture.md « Sizes the tests lower »)', () => {
  it('a positive integer in the environment replaces the product size', () => {
    expect(sizeFromEnv('LIVREA_WAVE_BATCH_SIZE', 50, { LIVREA_WAVE_BATCH_SIZE: '10' })).toBe(10);
  });

  it('without the variable, or with anything but a positive integer, the product keeps its size', () => {
    for (const value of [undefined, '', '0', '-5', '2.5', 'dix'])
      expect(sizeFromEnv('LIVREA_CREATION_PAGE_SIZE', 200, value === undefined ? {} : { LIVREA_CREATION_PAGE_SIZE: value })).toBe(200);
  });
});
