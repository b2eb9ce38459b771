-- Create "payments" table
CREATE TABLE "payments" (
  "id" text NOT NULL,
  "booking_id" text NOT NULL,
  "kind" text NOT NULL,
  "amount_cents" bigint NOT NULL,
  "currency" character(3) NOT NULL,
  "status" text NOT NULL DEFAULT 'pending',
  "stripe_payment_intent_id" text NULL,
  "method" text NOT NULL DEFAULT 'card',
  "external_ref" text NOT NULL DEFAULT '',
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "succeeded_at" timestamptz NULL,
  PRIMARY KEY ("id"),
  CONSTRAINT "payments_stripe_payment_intent_id_key" UNIQUE ("stripe_payment_intent_id"),
  CONSTRAINT "payments_booking_fk" FOREIGN KEY ("booking_id") REFERENCES "bookings" ("id") ON DELETE RESTRICT,
  CONSTRAINT "payments_amount_check" CHECK (amount_cents > 0)
);
-- Create index "payments_booking_kind_card_key" to table: "payments"
-- One card deposit and one card balance per booking; manual receipts are free-form.
CREATE UNIQUE INDEX "payments_booking_kind_card_key" ON "payments" ("booking_id", "kind") WHERE (kind IN ('deposit', 'balance'));
-- Create "payment_attempts" table
CREATE TABLE "payment_attempts" (
  "id" uuid NOT NULL,
  "payment_id" text NOT NULL,
  "outcome" text NOT NULL,
  "detail" text NOT NULL DEFAULT '',
  "attempted_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id"),
  CONSTRAINT "payment_attempts_payment_fk" FOREIGN KEY ("payment_id") REFERENCES "payments" ("id") ON DELETE CASCADE
);
-- Create "cancellations" table
CREATE TABLE "cancellations" (
  "id" text NOT NULL,
  "booking_id" text NOT NULL,
  "tier" text NOT NULL,
  "refund_pct" integer NOT NULL,
  "refund_cents" bigint NOT NULL,
  "reason" text NOT NULL DEFAULT '',
  "created_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id"),
  CONSTRAINT "cancellations_booking_key" UNIQUE ("booking_id"),
  CONSTRAINT "cancellations_booking_fk" FOREIGN KEY ("booking_id") REFERENCES "bookings" ("id") ON DELETE RESTRICT
);
-- Create "refunds" table
CREATE TABLE "refunds" (
  "id" text NOT NULL,
  "booking_id" text NOT NULL,
  "payment_id" text NOT NULL,
  "cancellation_id" text NOT NULL,
  "amount_cents" bigint NOT NULL,
  "currency" character(3) NOT NULL,
  "status" text NOT NULL DEFAULT 'pending',
  "stripe_refund_id" text NULL,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "completed_at" timestamptz NULL,
  PRIMARY KEY ("id"),
  CONSTRAINT "refunds_cancellation_payment_key" UNIQUE ("cancellation_id", "payment_id"),
  CONSTRAINT "refunds_stripe_refund_id_key" UNIQUE ("stripe_refund_id"),
  CONSTRAINT "refunds_payment_fk" FOREIGN KEY ("payment_id") REFERENCES "payments" ("id") ON DELETE RESTRICT,
  CONSTRAINT "refunds_cancellation_fk" FOREIGN KEY ("cancellation_id") REFERENCES "cancellations" ("id") ON DELETE RESTRICT
);
-- Create "stripe_events" table
CREATE TABLE "stripe_events" (
  "event_id" text NOT NULL,
  "type" text NOT NULL,
  "processed_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("event_id")
);
