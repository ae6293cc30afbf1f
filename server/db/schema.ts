import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import {
  AUDIENCE,
  DELIVERY_STATUS,
  FEEDBACK_STATUS,
  FEEDBACK_TYPES,
  NOTIFICATION_STATUS,
  PARTNER_STATUS,
  PLACE_KINDS,
  PUSH_PLATFORMS,
  THEMES,
  type Audience,
  type CmsType,
  type DeliveryStatus,
  type FeedbackStatus,
  type FeedbackType,
  type NotificationStatus,
  type PartnerStatus,
  type PartnerType,
  type PlaceStatus,
  type PushPlatform,
  type Role,
  type Theme,
  type UserStatus,
} from '../../contract/enums'
import type { ApiTokenScope } from '../../contract/api-tokens'
import type { WebhookDeliveryStatus, WebhookStatus } from '../../contract/webhooks'

/**
 * The one PostgreSQL schema. Change it here, then `npm run db:generate` writes the next
 * versioned migration into ./migrations; the server applies pending migrations at start-up.
 */

const id = () => uuid('id').primaryKey().defaultRandom()
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const createdAt = () => at('created_at').notNull().defaultNow()
const updatedAt = () => at('updated_at').notNull().defaultNow()

/**
 * A row that can be deleted to the trash: deleting sets these, restoring clears them, and after
 * 30 days the maintenance round erases it. Every read outside the trash skips such a row
 * (`live(table)` in server/db/trash.ts), and the counting triggers leave it out.
 */
const trashColumns = () => ({
  deletedAt: at('deleted_at'),
  deletedBy: uuid('deleted_by').references((): AnyPgColumn => admins.id, { onDelete: 'set null' }),
})
/** The trash's rows of a table, by when they were deleted (the trash list and the purge). */
const trashIndex = (table: string, t: { deletedAt: AnyPgColumn }) =>
  index(`${table}_trash_idx`).on(t.deletedAt).where(sql`${t.deletedAt} is not null`)

// ---------------------------------------------------------------------------------------------
// List search and sort expressions. Each is written once and used twice: by an index below and
// by the list queries (server/db/list.ts), so that PostgreSQL sees the same expression and uses
// the index. Search is a case-insensitive substring match (`expr LIKE lower('%...%')`) over a
// trigram (pg_trgm) GIN index; the searched fields are joined with a newline, which no search
// box sends, so a match never straddles two fields.

/** Lower-cased searchable text of some columns (nullable ones count as empty). */
const searchText = (...columns: SQLWrapper[]): SQL =>
  sql`lower(${sql.join(
    columns.map((c) => sql`coalesce(${c}, '')`),
    sql` || E'\\n' || `,
  )})`

/** A trigram GIN index over a search expression. */
const trigramIndex = (name: string, expression: SQL) => index(name).using('gin', sql`${expression} gin_trgm_ops`)

/** Text sorts ignore case (PostgreSQL's C collation would put 'Zed' before 'apple'). */
export const lowerOf = (column: SQLWrapper): SQL => sql`lower(${column})`

/** A nullable date sorts as PostgreSQL sorts nulls (last ascending, first descending), without nulls. */
export const dateOrInfinity = (column: SQLWrapper): SQL => sql`coalesce(${column}, 'infinity'::date)`

type Columns<K extends string> = Record<K, SQLWrapper>
export const userSearchText = (t: Columns<'username' | 'name' | 'email' | 'mobileNo'>) =>
  searchText(t.username, t.name, t.email, t.mobileNo)
export const placeSearchText = (t: Columns<'name' | 'address'>) => searchText(t.name, t.address)
export const partnerSearchText = (t: Columns<'name' | 'ownerName' | 'email' | 'mobileNo'>) =>
  searchText(t.name, t.ownerName, t.email, t.mobileNo)
export const notificationSearchText = (t: Columns<'title' | 'body'>) => searchText(t.title, t.body)
/** Feedback is found by its description or by its author's username (two tables, two indexes). */
export const feedbackSearchText = (t: Columns<'description'>) => searchText(t.description)
export const auditSearchText = (t: Columns<'actorEmail' | 'action' | 'targetLabel'>) =>
  searchText(t.actorEmail, t.action, t.targetLabel)
export const usernameSearchText = (t: Columns<'username'>) => searchText(t.username)
export const citySearchText = (t: Columns<'name'>) => searchText(t.name)
export const siteSearchText = (t: Columns<'name' | 'address'>) => searchText(t.name, t.address)

/** A city's name as its unique index compares it: case and surrounding spaces do not count. */
export const cityNameKey = (t: Columns<'name'>): SQL => sql`lower(btrim(${t.name}))`

/** People who sign in to the panel: role 1 admin, 2 sub admin; status 1 active, 2 blocked. */
export const admins = pgTable(
  'admins',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** Null until the admin sets a password (an invited account: see adminInvites). */
    passwordHash: text('password_hash'),
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

/**
 * API tokens for machines (Settings > API tokens; server/auth/api-tokens.ts): the integration
 * API's bearer credentials. Only the secret's sha256 is kept, with its last characters in clear
 * (`hint`) so the list can tell tokens apart. A revoked or expired token stays listed.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull().$type<ApiTokenScope[]>(),
    tokenHash: text('token_hash').notNull(),
    hint: text('hint').notNull(),
    createdBy: uuid('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: at('expires_at'),
    /** Written at most once a minute per process (as sessions' last_used_at). */
    lastUsedAt: at('last_used_at'),
    /** Set once, by the first request that used it: that request records 'apiToken.first_use'. */
    firstUsedAt: at('first_used_at'),
    revokedAt: at('revoked_at'),
  },
  (t) => [uniqueIndex('api_tokens_token_hash_key').on(t.tokenHash), index('api_tokens_created_at_idx').on(t.createdAt)],
)

/**
 * One-time codes of the forgot-password flow: one per admin and address that asked for it (a new
 * code from that address replaces its old one; a code asked for elsewhere is not touched, so
 * nobody elsewhere can replace or use up the owner's code: server/auth/otp.ts).
 */
export const passwordOtps = pgTable(
  'password_otps',
  {
    id: id(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    /** The client address that asked for the code (server/http/client-address.ts); only it may try the code. */
    requestedFrom: text('requested_from').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_otps_admin_id_requested_from_key').on(t.adminId, t.requestedFrom)],
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

/**
 * Invitations to set a first password: one live invitation per admin, a new one
 * replacing the old. Only the sha256 of the token is kept; it works once, until expires_at.
 */
export const adminInvites = pgTable(
  'admin_invites',
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
  (t) => [uniqueIndex('admin_invites_token_hash_key').on(t.tokenHash), uniqueIndex('admin_invites_admin_id_key').on(t.adminId)],
)

/** Pet owners: the end users of the mobile app. Status 1 active, 2 blocked. */
export const appUsers = pgTable(
  'app_users',
  {
    id: id(),
    /** The platform's own id of the user (the integration API upserts by it); null for rows made here (demo data). */
    externalId: text('external_id'),
    username: text('username').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    mobileNo: text('mobile_no'),
    countryCode: text('country_code'),
    /** ISO 3166 alpha-2 of the phone's country, e.g. 'GB' (the user form's "country and abbreviation"). */
    countryAbbreviation: text('country_abbreviation'),
    dob: date('dob', { mode: 'string' }),
    status: smallint('status').$type<UserStatus>().notNull().default(1),
    profileImage: text('profile_image'),
    address: text('address'),
    profileCompleted: boolean('profile_completed').notNull().default(false),
    createdAt: createdAt(),
    /**
     * userSearchText, computed on write and stored: the users list searches this column. A
     * search of one or two characters cannot use the trigram index, so its count reads every
     * row; comparing a stored text is several times cheaper than lower-casing four columns of
     * each row again (docs/DECISIONS.md has the figures).
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): SQL => userSearchText(appUsers)),
  },
  (t) => [
    uniqueIndex('app_users_external_id_key').on(t.externalId),
    uniqueIndex('app_users_username_key').on(t.username),
    uniqueIndex('app_users_email_key').on(t.email),
    index('app_users_created_at_id_idx').on(t.createdAt, t.id),
    index('app_users_status_created_at_id_idx').on(t.status, t.createdAt, t.id),
    index('app_users_username_sort_idx').on(lowerOf(t.username), t.id),
    index('app_users_name_sort_idx').on(lowerOf(t.name), t.id),
    index('app_users_email_sort_idx').on(lowerOf(t.email), t.id),
    index('app_users_dob_sort_idx').on(dateOrInfinity(t.dob), t.id),
    trigramIndex('app_users_search_trgm_idx', sql`${t.searchText}`),
    trigramIndex('app_users_username_trgm_idx', usernameSearchText(t)),
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
    /** Raised by every edit; an edit made from an older version is refused (409), not silently lost. */
    version: integer('version').notNull().default(1),
    /**
     * A draft made by approving a partner request: it has no description or map position yet,
     * so it stays inactive until an admin completes it (an edit saved through the form).
     */
    draft: boolean('draft').notNull().default(false),
    /** The partner request this place was made from (the request links back with place_id). */
    partnerId: uuid('partner_id').references((): AnyPgColumn => partners.id, { onDelete: 'set null' }),
    /** The owner's contact, as the partner request gave it. */
    ownerName: text('owner_name'),
    ownerEmail: text('owner_email'),
    ownerMobileNo: text('owner_mobile_no'),
    ...trashColumns(),
  },
  (t) => [
    trashIndex('places', t),
    index('places_kind_created_at_id_idx').on(t.kind, t.createdAt, t.id),
    // A deep page of a live list finds its ids in the index alone (an index-only scan), which
    // needs the trash condition in the index (the figures: docs/DECISIONS.md, A million users).
    index('places_live_kind_created_at_id_idx').on(t.kind, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    uniqueIndex('places_partner_id_key').on(t.partnerId),
    index('places_kind_status_created_at_id_idx').on(t.kind, t.status, t.createdAt, t.id),
    index('places_kind_name_sort_idx').on(t.kind, lowerOf(t.name), t.id),
    trigramIndex('places_search_trgm_idx', placeSearchText(t)),
    check('places_kind_check', sql`${t.kind} in ('petShop', 'hospital')`),
    check('places_status_check', sql`${t.status} in (1, 2)`),
    check('places_draft_inactive_check', sql`not ${t.draft} or ${t.status} = 2`),
  ],
)

/**
 * Cities of the content screens (docs/DECISIONS.md, Content). A name is unique whatever its case and
 * surrounding spaces (cities_name_key). `site_count` is the number of its sites, kept by the
 * triggers of migration 0007 on sites in the same transaction as the change, so that the city
 * list shows and sorts by it without counting.
 */
export const cities = pgTable(
  'cities',
  {
    id: id(),
    name: text('name').notNull(),
    siteCount: integer('site_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...trashColumns(),
  },
  (t) => [
    // Among cities not in the trash: a trashed city's name is free again (restoring it then fails).
    uniqueIndex('cities_name_key').on(cityNameKey(t)).where(sql`${t.deletedAt} is null`),
    trashIndex('cities', t),
    index('cities_created_at_id_idx').on(t.createdAt, t.id),
    index('cities_name_sort_idx').on(lowerOf(t.name), t.id),
    index('cities_site_count_sort_idx').on(t.siteCount, t.id),
    trigramIndex('cities_search_trgm_idx', citySearchText(t)),
    check('cities_site_count_check', sql`${t.siteCount} >= 0`),
  ],
)

/** Pet-friendly sites (parks, dog beaches, cafés) of a city. A city with sites cannot be deleted. */
export const sites = pgTable(
  'sites',
  {
    id: id(),
    cityId: uuid('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    address: text('address').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    status: smallint('status').$type<PlaceStatus>().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Raised by every edit; an edit made from an older version is refused (409), not silently lost. */
    version: integer('version').notNull().default(1),
    ...trashColumns(),
  },
  (t) => [
    trashIndex('sites', t),
    // A city's sites, newest first (also the index of the foreign key, for a city's delete).
    index('sites_city_id_created_at_id_idx').on(t.cityId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('sites_city_id_name_sort_idx').on(t.cityId, lowerOf(t.name), t.id),
    index('sites_created_at_id_idx').on(t.createdAt, t.id),
    trigramIndex('sites_search_trgm_idx', siteSearchText(t)),
    check('sites_status_check', sql`${t.status} in (1, 2)`),
  ],
)

/** Businesses asking to join the platform: type 5 hospital, 6 pet shop. */
export const partners = pgTable(
  'partners',
  {
    id: id(),
    /** The platform's own id of the request: a second POST of it is the same request (the integration API). */
    externalId: text('external_id'),
    name: text('name').notNull(),
    ownerName: text('owner_name').notNull(),
    email: text('email').notNull(),
    mobileNo: text('mobile_no').notNull(),
    type: smallint('type').$type<PartnerType>().notNull(),
    address: text('address').notNull(),
    createdAt: createdAt(),
    status: smallint('status').$type<PartnerStatus>().notNull().default(PARTNER_STATUS.PENDING),
    decidedAt: at('decided_at'),
    /** Who decided; the email is a copy, readable after that admin is gone. */
    decidedBy: uuid('decided_by').references(() => admins.id, { onDelete: 'set null' }),
    decidedByEmail: text('decided_by_email'),
    /** Why the request was declined (2 to 500 characters); null otherwise. */
    declineReason: text('decline_reason'),
    /** The draft pet shop or hospital approving it created (the place links back with partner_id). */
    placeId: uuid('place_id').references((): AnyPgColumn => places.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('partners_external_id_key').on(t.externalId),
    index('partners_created_at_id_idx').on(t.createdAt, t.id),
    index('partners_type_created_at_id_idx').on(t.type, t.createdAt, t.id),
    index('partners_status_created_at_id_idx').on(t.status, t.createdAt, t.id),
    index('partners_status_type_created_at_id_idx').on(t.status, t.type, t.createdAt, t.id),
    index('partners_place_id_idx').on(t.placeId),
    index('partners_decided_by_idx').on(t.decidedBy),
    index('partners_name_sort_idx').on(lowerOf(t.name), t.id),
    trigramIndex('partners_search_trgm_idx', partnerSearchText(t)),
    check('partners_type_check', sql`${t.type} in (5, 6)`),
    check('partners_status_check', sql`${t.status} between 1 and 3`),
    check('partners_decision_check', sql`(${t.status} = 1) = (${t.decidedAt} is null)`),
  ],
)

export interface PetMedication {
  name: string
}
export interface PetVaccine {
  /** YYYY-MM-DD. */
  date: string
  vaccine: { name: string }
}
export interface PetPhoto {
  url: string
}

/** A user's pet: every field the public pet page shows. */
export const pets = pgTable(
  'pets',
  {
    id: id(),
    /** The platform's own id of the pet (the integration API upserts by it); null for rows made here (demo data). */
    externalId: text('external_id'),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => appUsers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Years; under 1 the page reads it as months / 10 (0.6 is six months). */
    age: numeric('age', { precision: 4, scale: 1, mode: 'number' }),
    speciesName: text('species_name'),
    /** Kilograms. */
    weight: numeric('weight', { precision: 6, scale: 2, mode: 'number' }),
    breedName: text('breed_name'),
    /** 1 Small, 2 Medium, 3 Large, 4 Extra-Large. */
    size: smallint('size'),
    /** 1 Male, 2 Female, 3 Other. */
    gender: smallint('gender'),
    microChipId: text('micro_chip_id'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    /** '1' public, '2' private. */
    profileType: text('profile_type').notNull().default('1'),
    marking: text('marking'),
    medicalHistory: text('medical_history'),
    medications: jsonb('medications').$type<PetMedication[]>().notNull().default([]),
    vaccines: jsonb('vaccines').$type<PetVaccine[]>().notNull().default([]),
    profilePhotos: jsonb('profile_photos').$type<PetPhoto[]>().notNull().default([]),
    /** Since when the owner has had the pet: the page's "Pet Kept Duration" counts days from it. */
    ownerSince: date('owner_since', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('pets_external_id_key').on(t.externalId),
    index('pets_owner_id_created_at_idx').on(t.ownerId, t.createdAt),
    check('pets_size_check', sql`${t.size} between 1 and 4`),
    check('pets_gender_check', sql`${t.gender} between 1 and 3`),
    check('pets_profile_type_check', sql`${t.profileType} in ('1', '2')`),
    check('pets_age_check', sql`${t.age} >= 0`),
    check('pets_weight_check', sql`${t.weight} >= 0`),
  ],
)

/** What users tell the platform. A deleted user's feedback stays, without its author. */
export const feedback = pgTable(
  'feedback',
  {
    id: id(),
    /** The platform's own id of the feedback: a second POST of it is the same feedback (the integration API). */
    externalId: text('external_id'),
    type: text('type', { enum: FEEDBACK_TYPES }).$type<FeedbackType>().notNull(),
    description: text('description').notNull(),
    userId: uuid('user_id').references(() => appUsers.id, { onDelete: 'set null' }),
    status: smallint('status').$type<FeedbackStatus>().notNull().default(FEEDBACK_STATUS.OPEN),
    createdAt: createdAt(),
    ...trashColumns(),
  },
  (t) => [
    trashIndex('feedback', t),
    uniqueIndex('feedback_external_id_key').on(t.externalId),
    index('feedback_created_at_id_idx').on(t.createdAt, t.id),
    // Deep pages of the live list, in the index alone (as places_live_kind_created_at_id_idx).
    index('feedback_live_created_at_id_idx').on(t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index('feedback_type_created_at_id_idx').on(t.type, t.createdAt, t.id),
    // The list sorted by type: without it, every sort by type sorted all the feedback.
    index('feedback_type_sort_idx').on(t.type, t.id),
    index('feedback_status_created_at_id_idx').on(t.status, t.createdAt, t.id),
    index('feedback_user_id_idx').on(t.userId),
    trigramIndex('feedback_search_trgm_idx', feedbackSearchText(t)),
    check('feedback_type_check', sql`${t.type} in ('BUG', 'NEW_FEATURE', 'SUGGESTION', 'OTHER')`),
    check('feedback_status_check', sql`${t.status} between 1 and 3`),
  ],
)

/** Admins' internal notes on a feedback. A gone admin's notes stay, without their author. */
export const feedbackNotes = pgTable(
  'feedback_notes',
  {
    id: id(),
    feedbackId: uuid('feedback_id')
      .notNull()
      .references(() => feedback.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => admins.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('feedback_notes_feedback_id_created_at_idx').on(t.feedbackId, t.createdAt),
    index('feedback_notes_author_id_idx').on(t.authorId),
  ],
)

/** Push notifications as sent: to every user or to a selection (the recipients table names them all). */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    sendTo: text('send_to', { enum: AUDIENCE }).$type<Audience>().notNull(),
    createdAt: createdAt(),
    status: smallint('status').$type<NotificationStatus>().notNull().default(NOTIFICATION_STATUS.SENT),
    /** When a scheduled notification is due; null for one sent at once. */
    scheduledAt: at('scheduled_at'),
    /** When it was sent (its recipients fixed and handed to delivery); null until then. */
    sentAt: at('sent_at'),
    /**
     * Its recipients by delivery status, kept by the triggers of migration 0012 on
     * notification_recipients in the same transaction, so the details never count a million rows.
     */
    pendingCount: integer('pending_count').notNull().default(0),
    deliveredCount: integer('delivered_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    /** Those not handed to any push service: none was configured (migration 0017). */
    notSentCount: integer('not_sent_count').notNull().default(0),
    /** Those with no device registered for push: nothing was sent to them (migration push_devices_no_device). */
    noDeviceCount: integer('no_device_count').notNull().default(0),
    ...trashColumns(),
  },
  (t) => [
    trashIndex('notifications', t),
    // The scheduler's queue: what is due, oldest first.
    index('notifications_scheduled_due_idx').on(t.scheduledAt).where(sql`${t.status} = 1`),
    index('notifications_sent_at_idx').on(t.sentAt),
    index('notifications_created_at_id_idx').on(t.createdAt, t.id),
    // Deep pages of the live list, in the index alone (as places_live_kind_created_at_id_idx).
    index('notifications_live_created_at_id_idx').on(t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index('notifications_send_to_created_at_id_idx').on(t.sendTo, t.createdAt, t.id),
    index('notifications_title_sort_idx').on(lowerOf(t.title), t.id),
    trigramIndex('notifications_search_trgm_idx', notificationSearchText(t)),
    check('notifications_send_to_check', sql`${t.sendTo} in ('ALL_USERS', 'SELECTED_USERS')`),
    check('notifications_status_check', sql`${t.status} between 1 and 3`),
    check('notifications_scheduled_check', sql`${t.status} <> 1 or ${t.scheduledAt} is not null`),
  ],
)

export const notificationRecipients = pgTable(
  'notification_recipients',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUsers.id, { onDelete: 'cascade' }),
    /** Recipients of notifications sent before deliveries were recorded count as delivered. */
    delivery: smallint('delivery').$type<DeliveryStatus>().notNull().default(DELIVERY_STATUS.PENDING),
    attempts: smallint('attempts').notNull().default(0),
    /** The adapter's reason for the last failure, or why it was not sent (no push service). */
    error: text('error'),
    /** When the delivery last changed (handed over, delivered, failed); null while never handed over (pending, not sent). */
    deliveredAt: at('delivered_at'),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.userId] }),
    index('notification_recipients_user_id_idx').on(t.userId),
    index('notification_recipients_delivery_idx').on(t.notificationId, t.delivery, t.userId),
    check('notification_recipients_delivery_check', sql`${t.delivery} between 1 and 5`),
  ],
)

/**
 * New rows per UTC day, by metric and partition, for the dashboard's charts: triggers of
 * migration 0012 keep them in the same transaction as the change (like row_counts), so a chart
 * over a year reads at most 366 rows per partition instead of counting a million. Metrics:
 * 'app_users' (by created_at), 'partners' by type and status and 'feedback' by type and status
 * (by created_at; a status change moves the row's count), 'notifications' (by sent_at, sent ones).
 */
export const dailyCounts = pgTable(
  'daily_counts',
  {
    metric: text('metric').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    part: jsonb('part').$type<Record<string, string | number>>().notNull().default({}),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.metric, t.day, t.part] })],
)

/**
 * CMS pages (docs/DECISIONS.md, Content): one per type (1 privacy policy, 2 terms and conditions,
 * 4 contact us, 5 support), rich text stored as sanitised HTML (server/content/sanitize.ts).
 * A type with no row reads as an empty page.
 */
export const cmsPages = pgTable(
  'cms_pages',
  {
    type: smallint('type').$type<Exclude<CmsType, 3>>().primaryKey(),
    content: text('content').notNull().default(''),
    updatedAt: updatedAt(),
    /** Raised by every edit; an edit made from an older version is refused (409), not silently lost. */
    version: integer('version').notNull().default(1),
    /** Who saved it last; null for the demo's pages or a deleted admin. */
    updatedBy: uuid('updated_by').references(() => admins.id, { onDelete: 'set null' }),
  },
  (t) => [check('cms_pages_type_check', sql`${t.type} in (1, 2, 4, 5)`)],
)

/**
 * Exact row counts of the listed tables, kept by triggers (migration 0005_row_counts_triggers),
 * so that a list without a search reads its total here instead of counting 100,000 rows.
 *
 * One row per table and partition: `part` holds the values of the table's partition columns
 * (the arguments of its triggers), e.g. `{"kind": "petShop", "status": 1}` for places, and `n`
 * the rows with those values. A total is the sum over the partitions that contain the wanted
 * values (`part @> '{"kind": "petShop"}'`). Statement-level AFTER INSERT / UPDATE / DELETE
 * triggers (with transition tables: one upsert per statement, however many rows it touched) and
 * an AFTER TRUNCATE trigger keep `n` in the same transaction as the change, so it is as exact
 * and as visible as the rows themselves, with any number of server processes on one PostgreSQL.
 * The triggers are ENABLE ALWAYS: they fire under `session_replication_role = replica` too (the
 * bulk seed's). Read with server/db/row-counts.ts.
 */
export const rowCounts = pgTable(
  'row_counts',
  {
    tableName: text('table_name').notNull(),
    part: jsonb('part').$type<Record<string, string | number>>().notNull().default({}),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.part] })],
)

/** The FAQ: an ordered list of plain-text questions and answers (lowest sort_order first). */
export const faqs = pgTable(
  'faqs',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    sortOrder: integer('sort_order').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...trashColumns(),
  },
  (t) => [index('faqs_sort_order_idx').on(t.sortOrder, t.createdAt, t.id), trashIndex('faqs', t)],
)

/**
 * Failed sign-ins and issued OTPs, kept in the database so that every server process on one
 * PostgreSQL counts the same attempts (login and OTP throttling). `kind` says what is counted,
 * `key` for whom: a lower-cased email or a client address. Old rows are pruned by the throttle.
 */
export const throttleEvents = pgTable(
  'throttle_events',
  {
    id: id(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('throttle_events_kind_key_at_idx').on(t.kind, t.key, t.at), index('throttle_events_at_idx').on(t.at)],
)

/**
 * The audit log: one row per admin action, sign-in and authorization failure. Actor and target
 * are copied as they were (email, label), so the record stays readable after either is deleted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    at: at('at').notNull().defaultNow(),
    actorId: uuid('actor_id').references(() => admins.id, { onDelete: 'set null' }),
    /** The signed-in admin's email, or the email a failed sign-in tried. */
    actorEmail: text('actor_email'),
    actorRole: smallint('actor_role').$type<Role>(),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    address: text('address'),
    requestId: text('request_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    /**
     * How many events the row stands for: repeated anonymous sign-in failures are kept as one
     * row per email, address and time window (server/http/audit.ts), counted up instead of
     * adding a row each, so a flood of guesses cannot grow the log without bound.
     */
    count: integer('count').notNull().default(1),
    /** Set on such an aggregated row only: what the repeats share (action, email, address, window). */
    windowKey: text('window_key'),
    /**
     * Set on every entry of one bulk action (each changed row's and the group's), the same for all:
     * the log's `group` filter lists them together (server/routes/bulk.ts).
     */
    groupId: uuid('group_id'),
  },
  (t) => [
    uniqueIndex('audit_log_window_key_key').on(t.windowKey),
    index('audit_log_at_id_idx').on(t.at, t.id),
    index('audit_log_action_at_idx').on(t.action, t.at, t.id),
    index('audit_log_actor_at_idx').on(t.actorId, t.at, t.id),
    index('audit_log_group_at_idx')
      .on(t.groupId, t.at, t.id)
      .where(sql`${t.groupId} is not null`),
    trigramIndex('audit_log_search_trgm_idx', auditSearchText(t)),
  ],
)

/**
 * Every upload the server has signed (POST /common/upload, and the integration API's POST
 * /integration/uploads/...), by key, with who signed it (an admin or an API token): the daily
 * quota of each counts these rows, and the upload sweep deletes the files of rows that no record
 * took up within a day. `attached_at` is set by the triggers of migrations 0010 and 0026 when a
 * saved place, site, admin profile, CMS page, app user or pet names the key, whichever route
 * saved it.
 */
export const signedUploads = pgTable(
  'signed_uploads',
  {
    key: text('key').primaryKey(),
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    apiTokenId: uuid('api_token_id').references(() => apiTokens.id, { onDelete: 'set null' }),
    /** The most the signed form lets the browser store: what the byte quota counts. */
    maxBytes: bigint('max_bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    attachedAt: at('attached_at'),
  },
  (t) => [
    index('signed_uploads_admin_id_created_at_idx').on(t.adminId, t.createdAt),
    index('signed_uploads_api_token_id_created_at_idx').on(t.apiTokenId, t.createdAt),
    index('signed_uploads_unattached_created_at_idx').on(t.createdAt).where(sql`${t.attachedAt} is null`),
  ],
)

/**
 * The first answer to a create request sent with an Idempotency-Key, so that a repeat (a double
 * click, a retry after a lost answer) gets it again instead of creating a second record. One row
 * per session, key, method and path (another session, even the same admin's, never gets it);
 * `status` is null while the first request is still running.
 * Rows older than a day are pruned.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** sha256 of the request body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    status: smallint('status'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.key, t.method, t.path] }), index('idempotency_keys_created_at_idx').on(t.createdAt)],
)

/**
 * What an admin chose for themselves and keeps across browsers: the theme and, per list, the
 * columns shown in their order (a list not named shows the spec's columns).
 */
export const adminPreferences = pgTable(
  'admin_preferences',
  {
    adminId: uuid('admin_id')
      .primaryKey()
      .references(() => admins.id, { onDelete: 'cascade' }),
    theme: text('theme', { enum: THEMES }).$type<Theme>().notNull().default('system'),
    /** { [list]: column ids in order }: the ids each list declares in the contract. */
    listColumns: jsonb('list_columns').$type<Record<string, string[]>>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [check('admin_preferences_theme_check', sql`${t.theme} in ('system', 'light', 'dark')`)],
)

/**
 * A named state of a list (search, filters, sort, rows per page), the same state its URL carries.
 * A personal view belongs to its owner; a shared one is seen by every admin and managed by admins.
 * Names are unique per list among one owner's personal views, and among the shared views.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: id(),
    list: text('list').notNull(),
    name: text('name').notNull(),
    /** Who made it. Erasing an account (no route does: accounts are blocked) would take its views, shared ones too. */
    ownerId: uuid('owner_id').references(() => admins.id, { onDelete: 'cascade' }),
    shared: boolean('shared').notNull().default(false),
    /** The list's URL search state, as the list's search schema parses it. */
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('saved_views_personal_name_key').on(t.ownerId, t.list, lowerOf(t.name)).where(sql`not ${t.shared}`),
    uniqueIndex('saved_views_shared_name_key').on(t.list, lowerOf(t.name)).where(sql`${t.shared}`),
    index('saved_views_list_idx').on(t.list, t.shared),
  ],
)

/**
 * One-time start-up steps that have run on this database (server/storage/relative-upload-paths.ts):
 * each runs once, by whichever server process starts first, and writes its row in the same
 * transaction as its work.
 */
export const startSteps = pgTable('start_steps', {
  name: text('name').primaryKey(),
  doneAt: at('done_at').notNull().defaultNow(),
})

/**
 * The app users' devices that push reaches (server/notifications/devices.ts): one row per FCM
 * registration token, registered by the platform's backend. A token is unique: registered again,
 * for whichever user, it moves to that user. Removed when FCM answers that it is no longer
 * registered or invalid (server/notifications/fcm.ts), and with its user.
 */
export const pushDevices = pgTable(
  'push_devices',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUsers.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: PUSH_PLATFORMS }).$type<PushPlatform>().notNull(),
    token: text('token').notNull(),
    appVersion: text('app_version'),
    locale: text('locale'),
    createdAt: createdAt(),
    /** When the app last registered this token (a refresh moves it): the oldest go first past a user's limit. */
    lastRegisteredAt: at('last_registered_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_devices_token_key').on(t.token),
    index('push_devices_user_id_idx').on(t.userId, t.lastRegisteredAt),
    check('push_devices_platform_check', sql`${t.platform} in ('android', 'ios', 'web')`),
  ],
)

/**
 * What FCM answered for each device a notification was sent to, written as the answers come
 * (server/notifications/fcm.ts): a batch handed over again after a restart skips the devices
 * already answered in this attempt, so a device is sent to once. `attempt` is the recipient's
 * attempt it belongs to (a Retry is a new attempt and sends the failed devices again). No key to
 * push_devices: a removed device's answer still explains its user's result.
 */
export const pushSends = pgTable(
  'push_sends',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    deviceId: uuid('device_id').notNull(),
    attempt: smallint('attempt').notNull(),
    /** DELIVERY_STATUS.DELIVERED (FCM accepted it) or FAILED (with the reason). */
    status: smallint('status').$type<DeliveryStatus>().notNull(),
    error: text('error'),
    sentAt: at('sent_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.userId, t.deviceId] }),
    check('push_sends_status_check', sql`${t.status} in (2, 3)`),
  ],
)

/**
 * Webhooks out (server/webhooks/): endpoints admins register. The secret is kept as given out
 * (`whsec_` + base64): the server signs every delivery with it (docs/DECISIONS.md, Webhooks).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    description: text('description'),
    secret: text('secret').notNull(),
    /** The secret a rotation replaced: deliveries are signed with it too until `previousSecretUntil`, so a receiver can switch without losing any. */
    previousSecret: text('previous_secret'),
    previousSecretUntil: at('previous_secret_until'),
    status: text('status').$type<WebhookStatus>().notNull().default('active'),
    /** Consecutive failed attempts, and when the first of them was: the pause rule reads both. */
    failureStreak: integer('failure_streak').notNull().default(0),
    failingSince: at('failing_since'),
    pausedAt: at('paused_at'),
    /** Events not queued since it was paused, its backlog being full (WEBHOOK_PAUSED_BACKLOG_MAX); emptied when it is resumed. */
    droppedEvents: integer('dropped_events').notNull().default(0),
    createdBy: uuid('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('webhook_endpoints_status_check', sql`${t.status} in ('active', 'paused', 'disabled')`)],
)

/**
 * The outbox: one row per endpoint per event, written in the transaction of the change
 * (server/webhooks/emit.ts), sent after it commits by the dispatcher, in `seq` order per endpoint.
 * A row is leased (`leased_until`) while one process sends it.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The `webhook-id`: the same on every attempt, and on a Redeliver of it. */
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /** The body sent: `{ type, timestamp, data }`. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull(),
    leasedUntil: at('leased_until'),
    lastAttemptAt: at('last_attempt_at'),
    answerStatus: integer('answer_status'),
    answerBody: text('answer_body'),
    error: text('error'),
    durationMs: integer('duration_ms'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    // The dispatcher's: each endpoint's oldest pending row.
    index('webhook_deliveries_pending_idx').on(t.endpointId, t.seq).where(sql`${t.status} = 'pending'`),
    // The delivery log: an endpoint's rows, newest first.
    index('webhook_deliveries_log_idx').on(t.endpointId, t.createdAt, t.seq),
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
)
