-- Residents, zones and applications.

CREATE TABLE "zones" (
  "code"             text        NOT NULL,
  "name"             text        NOT NULL,
  "annual_fee_cents" bigint      NOT NULL CHECK ("annual_fee_cents" >= 0),
  "revenue_account"  text        NOT NULL,
  "active"           boolean     NOT NULL DEFAULT true,
  PRIMARY KEY ("code")
);

CREATE TABLE "residents" (
  "id"           uuid        NOT NULL,
  "full_name"    text        NOT NULL,
  "email"        text        NOT NULL,
  "phone"        text        NOT NULL DEFAULT '',
  "address_line" text        NOT NULL,
  "city"         text        NOT NULL,
  "postal_code"  text        NOT NULL,
  "created_at"   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "residents_email_key" ON "residents" (lower("email"));

CREATE TABLE "saved_cards" (
  "resident_id"         uuid        NOT NULL REFERENCES "residents" ("id"),
  "paygate_customer_id" text        NOT NULL,
  "paygate_method_id"   text        NOT NULL,
  "active"              boolean     NOT NULL DEFAULT true,
  "saved_at"            timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("resident_id")
);

CREATE TABLE "applications" (
  "id"              uuid        NOT NULL,
  "resident_id"     uuid        NOT NULL REFERENCES "residents" ("id"),
  "zone_code"       text        NOT NULL REFERENCES "zones" ("code"),
  "plate"           text        NOT NULL,
  "plate_state"     char(2)     NOT NULL,
  "status"          text        NOT NULL,
  "fee_cents"       bigint      NOT NULL,
  "charge_ref"      text        NULL,
  "submitted_at"    timestamptz NOT NULL,
  "paid_at"         timestamptz NULL,
  "decided_at"      timestamptz NULL,
  "decided_by"      text        NULL,
  "decision_reason" text        NULL,
  PRIMARY KEY ("id")
);
CREATE INDEX "applications_resident_idx" ON "applications" ("resident_id");
CREATE INDEX "applications_status_idx" ON "applications" ("status") WHERE "status" IN ('paid', 'in_review');

CREATE TABLE "application_notes" (
  "id"             uuid        NOT NULL,
  "application_id" uuid        NOT NULL REFERENCES "applications" ("id"),
  "author"         text        NOT NULL,
  "body"           text        NOT NULL,
  "created_at"     timestamptz NOT NULL,
  PRIMARY KEY ("id")
);
CREATE INDEX "application_notes_app_idx" ON "application_notes" ("application_id", "created_at");

-- Payments.

CREATE TABLE "payment_attempts" (
  "id"             uuid        NOT NULL,
  "application_id" uuid        NOT NULL REFERENCES "applications" ("id"),
  "amount_cents"   bigint      NOT NULL,
  "outcome"        text        NOT NULL,
  "charge_ref"     text        NULL,
  "started_at"     timestamptz NOT NULL,
  "finished_at"    timestamptz NULL,
  PRIMARY KEY ("id")
);
CREATE INDEX "payment_attempts_app_idx" ON "payment_attempts" ("application_id", "started_at");

-- The ledger the daily revenue post sums. Rows are never updated; refunds
-- are negative rows.
CREATE TABLE "payments" (
  "id"             uuid        NOT NULL,
  "application_id" uuid        NOT NULL REFERENCES "applications" ("id"),
  "source"         text        NOT NULL CHECK ("source" IN ('online', 'kiosk', 'renewal')),
  "amount_cents"   bigint      NOT NULL,
  "provider_ref"   text        NOT NULL,
  "received_at"    timestamptz NOT NULL,
  PRIMARY KEY ("id")
);
CREATE INDEX "payments_received_idx" ON "payments" ("received_at");
CREATE INDEX "payments_provider_ref_idx" ON "payments" ("provider_ref");

CREATE TABLE "paygate_webhook_events" (
  "event_id"    text        NOT NULL,
  "event_type"  text        NOT NULL,
  "received_at" timestamptz NOT NULL,
  PRIMARY KEY ("event_id")
);

-- Permits and mailing.

CREATE TABLE "permits" (
  "id"             uuid        NOT NULL,
  "permit_number"  text        NOT NULL,
  "application_id" uuid        NOT NULL REFERENCES "applications" ("id"),
  "resident_id"    uuid        NOT NULL REFERENCES "residents" ("id"),
  "zone_code"      text        NOT NULL REFERENCES "zones" ("code"),
  "plate"          text        NOT NULL,
  "status"         text        NOT NULL,
  "issued_at"      timestamptz NOT NULL,
  "expires_at"     timestamptz NOT NULL,
  "mailed_at"      timestamptz NULL,
  "replaces_id"    uuid        NULL REFERENCES "permits" ("id"),
  "revoked_at"     timestamptz NULL,
  "revoke_reason"  text        NULL,
  PRIMARY KEY ("id"),
  CONSTRAINT "permits_number_key" UNIQUE ("permit_number")
);
CREATE INDEX "permits_application_idx" ON "permits" ("application_id");
CREATE INDEX "permits_expiry_idx" ON "permits" ("expires_at") WHERE "status" = 'active';

CREATE TABLE "permit_events" (
  "id"          bigserial   NOT NULL,
  "permit_id"   uuid        NOT NULL REFERENCES "permits" ("id"),
  "kind"        text        NOT NULL,
  "detail"      text        NOT NULL DEFAULT '',
  "occurred_at" timestamptz NOT NULL,
  PRIMARY KEY ("id")
);

CREATE TABLE "permit_mailings" (
  "id"                uuid        NOT NULL,
  "permit_id"         uuid        NOT NULL REFERENCES "permits" ("id"),
  "mailhouse_job_id"  text        NULL,
  "status"            text        NOT NULL,
  "requested_at"      timestamptz NOT NULL,
  "status_updated_at" timestamptz NULL,
  PRIMARY KEY ("id"),
  CONSTRAINT "permit_mailings_job_key" UNIQUE ("mailhouse_job_id")
);

CREATE TABLE "mailhouse_callbacks" (
  "callback_id" text        NOT NULL,
  "received_at" timestamptz NOT NULL,
  PRIMARY KEY ("callback_id")
);
