import { describe, expect, it } from '@jest/globals';
import { InvalidInputError } from '#folio/errors';
import { creditMoveForm } from './credit-move.dto.js';

describe(creditMoveForm.name, () => {
  it('reads the action, the amount as typed (trimmed) and the reason', () => {
    expect(creditMoveForm({ action: 'withdraw', amount: ' 25 ', reason: 'Refund' })).toEqual({
      action: 'withdraw',
      amount: '25',
      reason: 'Refund',
    });
  });

  it.each([
    [{ action: 'give', amount: '1', reason: 'x' }, 'action'],
    [{ action: 'grant', reason: 'x' }, 'amount'],
    [{ action: 'grant', amount: '1' }, 'reason'],
  ])('refuses %j naming %s', (body, path) => {
    expect(() => creditMoveForm(body)).toThrow(InvalidInputError);
    expect(() => creditMoveForm(body)).toThrow(
      expect.objectContaining({ problems: [expect.objectContaining({ path })] }),
    );
  });
});
