import { Injectable } from '@nestjs/common';
import { isUniqueViolation, PrismaService } from '#folio/db';

/** A person as the pages and sessions know them. */
export interface UserSummary {
  id: string;
  email: string;
  name: string;
}

export interface UserWithPassword extends UserSummary {
  passwordHash: string;
}

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string;
  personalAccount: { key: string; name: string };
}

const summaryFields = { id: true, email: true, name: true } as const;

@Injectable()
export class UserRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** `email` must already be normalised (trimmed, lower-cased): that is how it is stored. */
  findByEmail(email: string): Promise<UserWithPassword | null> {
    return this.prisma.user.findUnique({
      where: { email },
      select: { ...summaryFields, passwordHash: true },
    });
  }

  findById(id: string): Promise<UserSummary | null> {
    return this.prisma.user.findUnique({ where: { id }, select: summaryFields });
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
   * Returns null when the email is taken (also when a concurrent sign-up wins the race).
   */
  async createWithPersonalAccount(user: NewUser): Promise<UserSummary | null> {
    try {
      return await this.prisma.$transaction(async (tx) => {
        const created = await tx.user.create({
          data: { email: user.email, name: user.name, passwordHash: user.passwordHash },
          select: summaryFields,
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
        return created;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'email')) return null;
      throw error;
    }
  }
}
