import { buyersWho } from '../../../shared/messages/bulk-selection';

describe('bulk relance texts agree with the count (part 2 §5 bulk actions)', () => {
  it("'Relancer 1 acquéreur qui n'a pas encore répondu' / 'Relancer 3 acquéreurs qui n'ont pas encore répondu'", () => {
    expect(`Relancer ${buyersWho(1)} pas encore répondu`).toBe("Relancer 1 acquéreur qui n'a pas encore répondu");
    expect(`Relancer ${buyersWho(3)} pas encore répondu`).toBe("Relancer 3 acquéreurs qui n'ont pas encore répondu");
  });
});
