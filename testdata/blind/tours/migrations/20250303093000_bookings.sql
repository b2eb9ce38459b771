-- Create "bookings" table
CREATE TABLE "bookings" (
  "id" text NOT NULL,
  "departure_id" text NOT NULL,
  "reference" text NOT NULL,
  "lead_name" text NOT NULL,
  "lead_email" text NOT NULL,
  "pax" integer NOT NULL,
  "status" text NOT NULL DEFAULT 'pending',
  "total_cents" bigint NOT NULL,
  "deposit_cents" bigint NOT NULL,
  "amount_paid_cents" bigint NOT NULL DEFAULT 0,
  "currency" character(3) NOT NULL,
  "stripe_customer_id" text NOT NULL DEFAULT '',
  "payment_method_id" text NOT NULL DEFAULT '',
  "channel" text NOT NULL DEFAULT 'web',
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "confirmed_at" timestamptz NULL,
  "cancelled_at" timestamptz NULL,
  "expires_at" timestamptz NULL,
  PRIMARY KEY ("id"),
  CONSTRAINT "bookings_reference_key" UNIQUE ("reference"),
  CONSTRAINT "bookings_departure_fk" FOREIGN KEY ("departure_id") REFERENCES "departures" ("id") ON DELETE RESTRICT,
  CONSTRAINT "bookings_pax_check" CHECK (pax > 0)
);
-- Create index "bookings_departure_status_idx" to table: "bookings"
CREATE INDEX "bookings_departure_status_idx" ON "bookings" ("departure_id", "status");
-- Create index "bookings_pending_expiry_idx" to table: "bookings"
CREATE INDEX "bookings_pending_expiry_idx" ON "bookings" ("expires_at") WHERE (status = 'pending');
-- Create "travellers" table
CREATE TABLE "travellers" (
  "id" uuid NOT NULL,
  "booking_id" text NOT NULL,
  "full_name" text NOT NULL,
  "date_of_birth" date NULL,
  "passport_no" text NOT NULL DEFAULT '',
  "nationality" text NOT NULL DEFAULT '',
  "dietary" text NOT NULL DEFAULT '',
  "room_share" text NOT NULL DEFAULT '',
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "updated_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id"),
  CONSTRAINT "travellers_booking_fk" FOREIGN KEY ("booking_id") REFERENCES "bookings" ("id") ON DELETE CASCADE
);
-- Create index "travellers_booking_idx" to table: "travellers"
CREATE INDEX "travellers_booking_idx" ON "travellers" ("booking_id");
-- Create "idempotency_keys" table
CREATE TABLE "idempotency_keys" (
  "scope" text NOT NULL,
  "key" text NOT NULL,
  "request_hash" text NOT NULL,
  "resource_id" text NULL,
  "response_status" integer NULL,
  "response_body" bytea NULL,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "completed_at" timestamptz NULL,
  PRIMARY KEY ("scope", "key")
);
