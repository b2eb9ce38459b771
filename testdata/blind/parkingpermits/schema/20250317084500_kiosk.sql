-- Payment kiosk network ingest.

CREATE TABLE "kiosk_payments" (
  "kiosk_txn_id"   text        NOT NULL,
  "kiosk_id"       text        NOT NULL,
  "application_id" uuid        NOT NULL REFERENCES "applications" ("id"),
  "amount_cents"   bigint      NOT NULL,
  "tender"         text        NOT NULL,
  "captured_at"    timestamptz NOT NULL,
  PRIMARY KEY ("kiosk_txn_id")
);

-- Kiosk refund IDs are per-kiosk counters that restart when a kiosk is
-- re-imaged, so they are indexed but not unique.
CREATE TABLE "kiosk_refunds" (
  "id"              uuid        NOT NULL,
  "kiosk_refund_id" text        NOT NULL,
  "kiosk_txn_id"    text        NOT NULL,
  "application_id"  uuid        NOT NULL REFERENCES "applications" ("id"),
  "amount_cents"    bigint      NOT NULL,
  "reason"          text        NOT NULL DEFAULT '',
  "refunded_at"     timestamptz NOT NULL,
  PRIMARY KEY ("id")
);
CREATE INDEX "kiosk_refunds_refund_idx" ON "kiosk_refunds" ("kiosk_refund_id");

CREATE TABLE "kiosk_temp_permits" (
  "id"             uuid        NOT NULL,
  "kiosk_event_id" text        NOT NULL,
  "kiosk_id"       text        NOT NULL,
  "application_id" uuid        NOT NULL REFERENCES "applications" ("id"),
  "plate"          text        NOT NULL,
  "zone_code"      text        NOT NULL REFERENCES "zones" ("code"),
  "valid_until"    timestamptz NOT NULL,
  "printed_at"     timestamptz NOT NULL,
  PRIMARY KEY ("id"),
  CONSTRAINT "kiosk_temp_permits_event_key" UNIQUE ("kiosk_event_id")
);

CREATE TABLE "processed_messages" (
  "consumer"     text        NOT NULL,
  "msg_id"       text        NOT NULL,
  "processed_at" timestamptz NOT NULL,
  PRIMARY KEY ("consumer", "msg_id")
);
