import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#folio/config';
import { newPublicKey } from '#folio/content';
import {
  ConflictError,
  type InputProblem,
  InvalidInputError,
  NotFoundError,
  UnauthenticatedError,
} from '#folio/errors';
import { isAccountAdmin } from './access-policy.js';
import { type Actor } from './actor.js';
import { ActorService } from './actor.service.js';
import {
  type AccountSummary,
  AccountDirectoryRepository,
  type TeamSummary,
} from './account-directory.repository.js';
import { hashPassword, verifyPassword } from './credentials.js';
import { UserRepository } from './user.repository.js';

export const minPasswordLength = 10;
/** argon2 hashes whatever it is given: an upper bound keeps one request from costing seconds. */
const maxPasswordLength = 1000;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Emails are stored and compared trimmed and lower-cased: `Ada@Example.com` and `ada@example.com` are one user. */
export function normalizeEmail(email: string): string {
  return email.normalize('NFC').trim().toLowerCase();
}

export interface SignUp {
  email: string;
  password: string;
  name: string;
}

export interface AccountOverview {
  accounts: AccountSummary[];
  teams: TeamSummary[];
}

/** People: sign-up, password login, and what they belong to. */
@Injectable()
export class UserService {
  /** Verified against when the email is unknown, so a miss costs as long as a wrong password. */
  private decoyHash?: Promise<string>;

  constructor(
    private readonly users: UserRepository,
    private readonly directory: AccountDirectoryRepository,
    private readonly actors: ActorService,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'adminEmails'>,
  ) {}

  /**
   * Creates the user and their personal account (owner, no credits) in one transaction; returns them as the
   * actor they now are. Throws InvalidInputError (paths `name`, `email`, `password`) or ConflictError for a
   * taken email.
   */
  async signUp(input: SignUp): Promise<Actor> {
    const email = normalizeEmail(input.email);
    const name = input.name.trim();
    const problems: InputProblem[] = [];
    if (!name || name.length > 100)
      problems.push({ path: 'name', message: 'Enter your name (up to 100 characters).' });
    if (email.length > 254 || !emailPattern.test(email))
      problems.push({ path: 'email', message: 'Enter an email address like name@example.com.' });
    if (input.password.length < minPasswordLength)
      problems.push({ path: 'password', message: `Use at least ${minPasswordLength} characters.` });
    else if (input.password.length > maxPasswordLength)
      problems.push({ path: 'password', message: `Use at most ${maxPasswordLength} characters.` });
    // Operators are named by email (ADMIN_EMAILS): an address on that list is never free for anyone to claim.
    else if (this.config.adminEmails.includes(email))
      problems.push({ path: 'email', message: 'This address cannot sign up here. Ask your Folio operator.' });
    if (problems.length) throw new InvalidInputError(problems);

    const userId = await this.users.createWithPersonalAccount({
      email,
      name,
      passwordHash: await hashPassword(input.password),
      personalAccount: { key: newPublicKey(), name: `${name}'s account` },
    });
    if (!userId) throw new ConflictError('An account with this email already exists. Log in instead?');
    return this.actors.load(userId);
  }

  /** The person whose email and password these are; UnauthenticatedError otherwise, whichever was wrong. */
  async authenticate(email: string, password: string): Promise<Actor> {
    const wrong = () => new UnauthenticatedError('That email and password do not match an account.');
    if (password.length > maxPasswordLength) throw wrong();
    const user = await this.users.findByEmail(normalizeEmail(email));
    if (!user) {
      await verifyPassword(await this.decoy(), password);
      throw wrong();
    }
    if (!(await verifyPassword(user.passwordHash, password))) throw wrong();
    return this.actors.load(user.id);
  }

  /**
   * How the user is named to clients that need a stable subject (OAuth introspection's `sub`): the key of
   * their personal account, a public key the API shows anyway. Null when they own none. Their internal id
   * never leaves (docs/design.md §4).
   */
  publicSubject(id: string): Promise<string | null> {
    return this.users.personalAccountKey(id);
  }

  /** The user's accounts with their role and credits, and their teams' credits. */
  async overview(userId: string): Promise<AccountOverview> {
    const [accounts, teams] = await Promise.all([
      this.directory.accountsOf(userId),
      this.directory.teamsOf(userId),
    ]);
    return { accounts, teams };
  }

  /** The accounts the actor owns or administers, in the order of `overview`. */
  async administeredAccounts(actor: Actor): Promise<AccountSummary[]> {
    const accounts = await this.directory.accountsOf(actor.userId);
    return accounts.filter((account) => isAccountAdmin(actor, account.id));
  }

  /** An account the actor owns or administers; NotFoundError for any other, existing or not. */
  async administeredAccount(
    actor: Actor,
    accountKey: string,
  ): Promise<{ id: string; key: string; name: string }> {
    const account = await this.directory.findAccountByKey(accountKey);
    if (!account || !isAccountAdmin(actor, account.id)) throw new NotFoundError('No such account.');
    return account;
  }

  /** The internal id of an account the actor belongs to, chosen by its public key (form field `accountId`). */
  async memberAccountId(actor: Actor, accountKey: string): Promise<string> {
    const account = await this.directory.findAccountByKey(accountKey);
    if (!account || !actor.accountRoles.has(account.id))
      throw new InvalidInputError([{ path: 'accountId', message: 'Choose one of your accounts.' }]);
    return account.id;
  }

  private decoy(): Promise<string> {
    // Made once; a failed attempt (RateLimitedError) is forgotten, so the next login tries again.
    return (this.decoyHash ??= hashPassword(randomBytes(16).toString('hex')).catch((error: unknown) => {
      this.decoyHash = undefined;
      throw error;
    }));
  }
}
