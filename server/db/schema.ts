import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { PLACE_KINDS, type PartnerType, type PlaceStatus, type Role, type UserStatus } from '../../contract/enums'

/**
 * The one PostgreSQL schema. Change it here, then `npm run db:generate` writes the next
 * versioned migration into ./migrations; the server applies pending migrations at start-up.
 */

const id = () => uuid('id').primaryKey().defaultRandom()
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const createdAt = () => at('created_at').notNull().defaultNow()
const updatedAt = () => at('updated_at').notNull().defaultNow()

/** People who sign in to the panel: role 1 admin, 2 sub admin; status 1 active, 2 blocked. */
export const admins = pgTable(
  'admins',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: smallint('role').$type<Role>().notNull(),
    status: smallint('status').$type<UserStatus>().notNull().default(1),
    profileImage: text('profile_image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('admins_email_key').on(t.email),
    // Emails are stored lower-cased so that the unique index is case-insensitive.
    check('admins_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('admins_role_check', sql`${t.role} in (1, 2)`),
    check('admins_status_check', sql`${t.status} in (1, 2)`),
  ],
)

/** Bearer sessions. Only the sha256 of the token is kept, so a leaked table signs nobody in. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: at('last_used_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_admin_id_idx').on(t.adminId)],
)

/** One-time codes of the forgot-password flow: one per admin at most, a new code replaces the old. */
export const passwordOtps = pgTable(
  'password_otps',
  {
    id: id(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_otps_admin_id_key').on(t.adminId)],
)

/** What a verified code gives: the right to set a new password once, for a short while (one per admin). */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_token_hash_key').on(t.tokenHash),
    uniqueIndex('password_reset_tokens_admin_id_key').on(t.adminId),
  ],
)

/** Pet owners: the end users of the mobile app. Status 1 active, 2 blocked. */
export const appUsers = pgTable(
  'app_users',
  {
    id: id(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    mobileNo: text('mobile_no'),
    countryCode: text('country_code'),
    dob: date('dob', { mode: 'string' }),
    status: smallint('status').$type<UserStatus>().notNull().default(1),
    profileImage: text('profile_image'),
    address: text('address'),
    profileCompleted: boolean('profile_completed').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('app_users_username_key').on(t.username),
    uniqueIndex('app_users_email_key').on(t.email),
    index('app_users_created_at_idx').on(t.createdAt),
    check('app_users_status_check', sql`${t.status} in (1, 2)`),
  ],
)

/** Pet shops and hospitals share one table and one implementation, told apart by kind. */
export const places = pgTable(
  'places',
  {
    id: id(),
    kind: text('kind', { enum: PLACE_KINDS }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    discountTitle: text('discount_title'),
    discountDescription: text('discount_description'),
    address: text('address').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    logo: text('logo'),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    status: smallint('status').$type<PlaceStatus>().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('places_kind_created_at_idx').on(t.kind, t.createdAt),
    check('places_kind_check', sql`${t.kind} in ('petShop', 'hospital')`),
    check('places_status_check', sql`${t.status} in (1, 2)`),
  ],
)

/** Businesses asking to join the platform: type 5 hospital, 6 pet shop. */
export const partners = pgTable(
  'partners',
  {
    id: id(),
    name: text('name').notNull(),
    ownerName: text('owner_name').notNull(),
    email: text('email').notNull(),
    mobileNo: text('mobile_no').notNull(),
    type: smallint('type').$type<PartnerType>().notNull(),
    address: text('address').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('partners_created_at_idx').on(t.createdAt), check('partners_type_check', sql`${t.type} in (5, 6)`)],
)
