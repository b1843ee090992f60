// The grant/withdraw form of the operators' credits page; OperatorCredits checks the amount and reason.
import { z } from 'zod';
import { type CreditMove } from '#folio/credits';
import { type FormBody } from '#folio/page-kit';
import { parseForm } from '../editor/editor.dto.js';

const creditMoveFormSchema = z.object({
  action: z.enum(['grant', 'withdraw'], { message: 'Choose grant or withdraw.' }),
  amount: z.string({ message: 'Give a number of credits.' }).trim(),
  reason: z.string({ message: 'Say why.' }),
});

/** The grant/withdraw form as a move of credits of the pool the page shows. */
export type CreditMoveForm = Omit<CreditMove, 'key'>;

export function creditMoveForm(body: FormBody): CreditMoveForm {
  return parseForm(creditMoveFormSchema, body);
}
