import { describe, expect, it } from '@jest/globals';
import { InvalidInputError } from '#folio/errors';
import { creditMoveForm } from './credit-move.dto.js';

describe(creditMoveForm.name, () => {
  it('reads a grant as a positive move and a withdrawal as a negative one', () => {
    expect(creditMoveForm({ action: 'grant', amount: ' 25 ', reason: 'Pilot' })).toEqual({
      delta: 25,
      reason: 'Pilot',
    });
    expect(creditMoveForm({ action: 'withdraw', amount: '5', reason: 'Refund' })).toEqual({
      delta: -5,
      reason: 'Refund',
    });
  });

  it('leaves an amount that is no number to OperatorCredits, as NaN', () => {
    expect(creditMoveForm({ action: 'grant', amount: '', reason: 'x' }).delta).toBeNaN();
    expect(creditMoveForm({ action: 'grant', amount: 'many', reason: 'x' }).delta).toBeNaN();
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
