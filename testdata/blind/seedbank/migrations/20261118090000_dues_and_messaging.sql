-- Create "dues_invoices" table
CREATE TABLE "dues_invoices" (
  "id" text NOT NULL,
  "member_id" text NOT NULL,
  "period" text NOT NULL,
  "amount_cents" bigint NOT NULL,
  "currency" text NOT NULL,
  "status" text NOT NULL,
  "charge_id" text NOT NULL DEFAULT '',
  "paid_at" timestamptz NULL,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "updated_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id"),
  CONSTRAINT "dues_invoices_member_period_key" UNIQUE ("member_id", "period"),
  CONSTRAINT "dues_invoices_member_fk" FOREIGN KEY ("member_id") REFERENCES "members" ("id")
);
-- Create "payments" table
CREATE TABLE "payments" (
  "id" text NOT NULL,
  "invoice_id" text NOT NULL,
  "member_id" text NOT NULL,
  "charge_id" text NOT NULL,
  "amount_cents" bigint NOT NULL,
  "status" text NOT NULL,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id"),
  CONSTRAINT "payments_charge_id_key" UNIQUE ("charge_id"),
  CONSTRAINT "payments_invoice_fk" FOREIGN KEY ("invoice_id") REFERENCES "dues_invoices" ("id")
);
-- Create "processed_messages" table
CREATE TABLE "processed_messages" (
  "handler" text NOT NULL,
  "message_id" text NOT NULL,
  "processed_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("handler", "message_id")
);
-- Create "outbox_messages" table
CREATE TABLE "outbox_messages" (
  "id" text NOT NULL,
  "topic" text NOT NULL,
  "payload" jsonb NOT NULL,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "published_at" timestamptz NULL,
  PRIMARY KEY ("id")
);
-- Create index "outbox_messages_pending_idx" to table: "outbox_messages"
CREATE INDEX "outbox_messages_pending_idx" ON "outbox_messages" ("created_at") WHERE (published_at IS NULL);
-- Create "catalogue_sends" table
CREATE TABLE "catalogue_sends" (
  "season" text NOT NULL,
  "member_id" text NOT NULL,
  "provider_message_id" text NOT NULL DEFAULT '',
  "sent_at" timestamptz NULL,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("season", "member_id")
);
-- Create "email_attempts" table
CREATE TABLE "email_attempts" (
  "id" text NOT NULL,
  "recipient" text NOT NULL,
  "template" text NOT NULL,
  "dedup_key" text NOT NULL DEFAULT '',
  "attempt" integer NOT NULL,
  "error" text NOT NULL DEFAULT '',
  "created_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);
