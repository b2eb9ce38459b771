-- Create "supplier_holds" table
CREATE TABLE "supplier_holds" (
  "id" text NOT NULL,
  "booking_id" text NOT NULL,
  "departure_id" text NOT NULL,
  "supplier_id" text NOT NULL,
  "partner_code" text NOT NULL,
  "kind" text NOT NULL,
  "service_date" date NOT NULL,
  "nights" integer NOT NULL DEFAULT 0,
  "quantity" integer NOT NULL,
  "status" text NOT NULL DEFAULT 'requested',
  "supplier_ref" text NULL,
  "last_error" text NOT NULL DEFAULT '',
  "placed_at" timestamptz NULL,
  "confirmed_at" timestamptz NULL,
  "released_at" timestamptz NULL,
  "expires_at" timestamptz NULL,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id"),
  CONSTRAINT "supplier_holds_line_key" UNIQUE ("booking_id", "supplier_id", "service_date"),
  CONSTRAINT "supplier_holds_supplier_ref_key" UNIQUE ("partner_code", "supplier_ref"),
  CONSTRAINT "supplier_holds_booking_fk" FOREIGN KEY ("booking_id") REFERENCES "bookings" ("id") ON DELETE RESTRICT,
  CONSTRAINT "supplier_holds_supplier_fk" FOREIGN KEY ("supplier_id") REFERENCES "suppliers" ("id") ON DELETE RESTRICT
);
-- Create "supplier_events" table
CREATE TABLE "supplier_events" (
  "event_id" text NOT NULL,
  "partner_code" text NOT NULL,
  "type" text NOT NULL,
  "processed_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("event_id")
);
-- Create "manifest_submissions" table
CREATE TABLE "manifest_submissions" (
  "id" text NOT NULL,
  "departure_id" text NOT NULL,
  "supplier_id" text NOT NULL,
  "version" integer NOT NULL,
  "supplier_ref" text NOT NULL,
  "traveller_count" integer NOT NULL,
  "submitted_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id"),
  CONSTRAINT "manifest_submissions_version_key" UNIQUE ("departure_id", "supplier_id", "version")
);
