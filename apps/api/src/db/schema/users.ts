import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    passwordHash: text('password_hash'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isBlocked: boolean('is_blocked').notNull().default(false),
    emailVerified: boolean('email_verified').notNull().default(false),
    googleSub: text('google_sub'),
    /**
     * Put in every access token and compared on every request: raised when the user's sessions end (password change
     * or reset, email change, blocking, promotion), so access tokens issued before are refused at once.
     */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Profile picture URLs, newest last; the first is the one shown. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_live_idx').on(t.email).where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_google_sub_idx').on(t.googleSub).where(sql`${t.googleSub} is not null`),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    houseName: text('house_name').notNull(),
    /** A landmark the courier finds the house by; '' for none. */
    landmark: text('landmark').notNull().default(''),
    town: text('town').notNull(),
    street: text('street').notNull(),
    zipcode: text('zipcode').notNull(),
    state: text('state').notNull(),
    country: text('country').notNull(),
    phone: text('phone').notNull(),
    /** A registered business buyer's GSTIN (15 characters, checked), or null. */
    gstin: text('gstin'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addresses_user_idx').on(t.userId, t.createdAt)],
);
