import { Injectable } from '@nestjs/common';
import { isUniqueViolation, PrismaService } from '#folio/db';

/** What a password login checks. */
export interface UserPassword {
  id: string;
  passwordHash: string;
}

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string;
  personalAccount: { key: string; name: string };
}

@Injectable()
export class UserRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** `email` must already be normalised (trimmed, lower-cased): that is how it is stored. */
  findByEmail(email: string): Promise<UserPassword | null> {
    return this.prisma.user.findUnique({ where: { email }, select: { id: true, passwordHash: true } });
  }

  /** The key of the personal account the user owns (the first, should there be several), or null. */
  async personalAccountKey(id: string): Promise<string | null> {
    const account = await this.prisma.account.findFirst({
      where: { kind: 'personal', memberships: { some: { userId: id, role: 'owner' } } },
      orderBy: { createdAt: 'asc' },
      select: { key: true },
    });
    return account?.key ?? null;
  }

  /**
   * Creates the user with their personal account, of which they are the owner, in one transaction.
   * Returns the new user's id, or null when the email is taken (also when a concurrent sign-up wins the race).
   */
  async createWithPersonalAccount(user: NewUser): Promise<string | null> {
    try {
      return await this.prisma.$transaction(async (tx) => {
        const created = await tx.user.create({
          data: { email: user.email, name: user.name, passwordHash: user.passwordHash },
          select: { id: true },
        });
        await tx.account.create({
          data: {
            key: user.personalAccount.key,
            name: user.personalAccount.name,
            kind: 'personal',
            credits: 0,
            memberships: { create: { userId: created.id, role: 'owner' } },
          },
        });
        return created.id;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'email')) return null;
      throw error;
    }
  }
}
