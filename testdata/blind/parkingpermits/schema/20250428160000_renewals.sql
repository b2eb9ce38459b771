-- Yearly renewals and revenue posting. River's own tables are created by
-- `river migrate-up` and are not part of this directory.

CREATE TABLE "renewal_notices" (
  "permit_id" uuid        NOT NULL REFERENCES "permits" ("id"),
  "term_year" integer     NOT NULL,
  "sent_at"   timestamptz NOT NULL,
  PRIMARY KEY ("permit_id", "term_year")
);

CREATE TABLE "renewal_orders" (
  "id"           uuid        NOT NULL,
  "permit_id"    uuid        NOT NULL REFERENCES "permits" ("id"),
  "term_year"    integer     NOT NULL,
  "amount_cents" bigint      NOT NULL,
  "status"       text        NOT NULL CHECK ("status" IN ('pending', 'paid', 'declined', 'applied')),
  "charge_ref"   text        NULL,
  "created_at"   timestamptz NOT NULL,
  "updated_at"   timestamptz NULL,
  PRIMARY KEY ("id"),
  CONSTRAINT "renewal_orders_permit_term_key" UNIQUE ("permit_id", "term_year")
);

CREATE TABLE "permit_terms" (
  "permit_id" uuid        NOT NULL REFERENCES "permits" ("id"),
  "term_year" integer     NOT NULL,
  "ends_at"   timestamptz NOT NULL,
  "order_id"  uuid        NOT NULL REFERENCES "renewal_orders" ("id"),
  PRIMARY KEY ("permit_id", "term_year")
);

CREATE TABLE "revenue_postings" (
  "business_date"    date        NOT NULL,
  "source_reference" text        NOT NULL,
  "journal_id"       text        NOT NULL,
  "total_cents"      bigint      NOT NULL,
  "entries"          bigint      NOT NULL,
  "posted_at"        timestamptz NOT NULL,
  PRIMARY KEY ("business_date")
);
