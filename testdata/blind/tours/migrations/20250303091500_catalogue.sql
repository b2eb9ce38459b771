-- Create "tours" table
CREATE TABLE "tours" (
  "id" text NOT NULL,
  "code" text NOT NULL,
  "name" text NOT NULL,
  "days" integer NOT NULL,
  "base_price_cents" bigint NOT NULL,
  "deposit_cents" bigint NOT NULL,
  "currency" character(3) NOT NULL DEFAULT 'gbp',
  "created_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id"),
  CONSTRAINT "tours_code_key" UNIQUE ("code")
);
-- Create "departures" table
CREATE TABLE "departures" (
  "id" text NOT NULL,
  "tour_id" text NOT NULL,
  "start_date" date NOT NULL,
  "end_date" date NOT NULL,
  "capacity" integer NOT NULL,
  "seats_available" integer NOT NULL,
  "price_cents" bigint NOT NULL,
  "currency" character(3) NOT NULL,
  "status" text NOT NULL DEFAULT 'open',
  "confirmed_rooms" integer NOT NULL DEFAULT 0,
  "manifest_locked_at" timestamptz NULL,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id"),
  CONSTRAINT "departures_tour_start_key" UNIQUE ("tour_id", "start_date"),
  CONSTRAINT "departures_tour_fk" FOREIGN KEY ("tour_id") REFERENCES "tours" ("id") ON UPDATE NO ACTION ON DELETE RESTRICT,
  CONSTRAINT "departures_seats_check" CHECK ((seats_available >= 0) AND (seats_available <= capacity))
);
-- Create index "departures_start_date_idx" to table: "departures"
CREATE INDEX "departures_start_date_idx" ON "departures" ("start_date");
-- Create "suppliers" table
CREATE TABLE "suppliers" (
  "id" text NOT NULL,
  "name" text NOT NULL,
  "kind" text NOT NULL,
  "partner_code" text NOT NULL,
  "stripe_account_id" text NOT NULL DEFAULT '',
  "ops_email" text NOT NULL DEFAULT '',
  "payment_term_days" integer NOT NULL DEFAULT 30,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id"),
  CONSTRAINT "suppliers_partner_code_key" UNIQUE ("partner_code")
);
-- Create "departure_services" table
CREATE TABLE "departure_services" (
  "id" text NOT NULL,
  "departure_id" text NOT NULL,
  "supplier_id" text NOT NULL,
  "kind" text NOT NULL,
  "service_date" date NOT NULL,
  "nights" integer NOT NULL DEFAULT 0,
  "units_per_traveller" numeric(6,3) NOT NULL DEFAULT 1,
  "unit_cost_cents" bigint NOT NULL,
  PRIMARY KEY ("id"),
  CONSTRAINT "departure_services_line_key" UNIQUE ("departure_id", "supplier_id", "service_date"),
  CONSTRAINT "departure_services_departure_fk" FOREIGN KEY ("departure_id") REFERENCES "departures" ("id") ON DELETE CASCADE,
  CONSTRAINT "departure_services_supplier_fk" FOREIGN KEY ("supplier_id") REFERENCES "suppliers" ("id") ON DELETE RESTRICT
);
