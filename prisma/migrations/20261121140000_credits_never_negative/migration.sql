-- Credit pools never go below zero, whatever the code path: the debit's conditional update is the
-- first guard, these constraints the last.
ALTER TABLE "Account" ADD CONSTRAINT "Account_credits_not_negative" CHECK ("credits" >= 0);
ALTER TABLE "Team" ADD CONSTRAINT "Team_credits_not_negative" CHECK ("credits" >= 0);
