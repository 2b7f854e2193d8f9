import { consolidatedTitle } from '../../../shared/messages/exports';

describe("the consolidated view's title (part 2 §2.8) in French", () => {
  it('one planning is singular, several plural', () => {
    expect(consolidatedTitle(1)).toBe('Vue consolidée : 1 planning');
    expect(consolidatedTitle(3)).toBe('Vue consolidée : 3 plannings');
  });
});
