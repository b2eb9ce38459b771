-- Signer fees, notary earnings and monthly payouts; session reminders.

CREATE TABLE "fees" (
  "id"             uuid        NOT NULL,
  "session_id"     uuid        NOT NULL REFERENCES "sessions" ("id"),
  "kind"           text        NOT NULL,
  "amount_cents"   bigint      NOT NULL CHECK ("amount_cents" >= 0),
  "currency"       char(3)     NOT NULL,
  "status"         text        NOT NULL,
  "charge_id"      text        NULL,
  "captured_at"    timestamptz NULL,
  "failure_reason" text        NULL,
  "created_at"     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id"),
  CONSTRAINT "fees_session_kind_key" UNIQUE ("session_id", "kind"),
  CONSTRAINT "fees_charge_id_key" UNIQUE ("charge_id")
);

CREATE TABLE "payouts" (
  "id"           uuid        NOT NULL,
  "notary_id"    text        NOT NULL REFERENCES "notaries" ("id"),
  "period"       char(7)     NOT NULL,
  "amount_cents" bigint      NOT NULL,
  "status"       text        NOT NULL,
  "provider_ref" text        NULL,
  "paid_at"      timestamptz NULL,
  "created_at"   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id"),
  CONSTRAINT "payouts_notary_period_key" UNIQUE ("notary_id", "period")
);

CREATE TABLE "notary_earnings" (
  "id"           bigserial   NOT NULL,
  "notary_id"    text        NOT NULL REFERENCES "notaries" ("id"),
  "fee_id"       uuid        NOT NULL REFERENCES "fees" ("id"),
  "amount_cents" bigint      NOT NULL,
  "payout_id"    uuid        NULL REFERENCES "payouts" ("id"),
  "created_at"   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);
CREATE INDEX "notary_earnings_unpaid_idx" ON "notary_earnings" ("notary_id") WHERE "payout_id" IS NULL;

CREATE TABLE "notary_balances" (
  "notary_id"    text        NOT NULL REFERENCES "notaries" ("id"),
  "unpaid_cents" bigint      NOT NULL DEFAULT 0,
  "updated_at"   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("notary_id")
);

CREATE TABLE "reminders" (
  "id"         bigserial   NOT NULL,
  "session_id" uuid        NOT NULL REFERENCES "sessions" ("id"),
  "kind"       text        NOT NULL,
  "channel"    text        NOT NULL,
  "send_at"    timestamptz NOT NULL,
  "sent_at"    timestamptz NULL,
  PRIMARY KEY ("id"),
  CONSTRAINT "reminders_session_kind_key" UNIQUE ("session_id", "kind")
);
CREATE INDEX "reminders_due_idx" ON "reminders" ("send_at") WHERE "sent_at" IS NULL;
