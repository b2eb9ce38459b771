-- Create "donations" table
CREATE TABLE "donations" (
  "id" text NOT NULL,
  "grower_name" text NOT NULL DEFAULT '',
  "grower_email" text NOT NULL,
  "species" text NOT NULL,
  "variety_name" text NOT NULL DEFAULT '',
  "grams" integer NOT NULL,
  "harvest_year" integer NOT NULL DEFAULT 0,
  "notes" text NOT NULL DEFAULT '',
  "received_at" timestamptz NOT NULL,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);
-- Create "seed_lots" table
CREATE TABLE "seed_lots" (
  "id" text NOT NULL,
  "loan_id" text NULL,
  "donation_id" text NULL,
  "packet_id" text NULL,
  "species" text NOT NULL DEFAULT '',
  "variety_name" text NOT NULL DEFAULT '',
  "grams" integer NOT NULL,
  "harvest_year" integer NOT NULL DEFAULT 0,
  "source" text NOT NULL,
  "status" text NOT NULL,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "updated_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id"),
  CONSTRAINT "seed_lots_loan_id_key" UNIQUE ("loan_id"),
  CONSTRAINT "seed_lots_donation_id_key" UNIQUE ("donation_id"),
  CONSTRAINT "seed_lots_one_source" CHECK (num_nonnulls(loan_id, donation_id) = 1)
);
-- Create "lab_samples" table
CREATE TABLE "lab_samples" (
  "id" text NOT NULL,
  "lot_id" text NOT NULL,
  "sample_ref" text NOT NULL,
  "status" text NOT NULL,
  "retest_count" integer NOT NULL DEFAULT 0,
  "submitted_at" timestamptz NOT NULL,
  "updated_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id"),
  CONSTRAINT "lab_samples_lot_id_key" UNIQUE ("lot_id"),
  CONSTRAINT "lab_samples_sample_ref_key" UNIQUE ("sample_ref"),
  CONSTRAINT "lab_samples_lot_fk" FOREIGN KEY ("lot_id") REFERENCES "seed_lots" ("id")
);
-- Create "germination_tests" table
CREATE TABLE "germination_tests" (
  "id" text NOT NULL,
  "lot_id" text NOT NULL,
  "sample_ref" text NOT NULL,
  "seeds_sown" integer NOT NULL,
  "seeds_germinated" integer NOT NULL,
  "rate_pct" numeric(5,2) NOT NULL,
  "method" text NOT NULL DEFAULT '',
  "reported_at" timestamptz NOT NULL,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id"),
  CONSTRAINT "germination_tests_lot_fk" FOREIGN KEY ("lot_id") REFERENCES "seed_lots" ("id")
);
-- Create index "germination_tests_lot_idx" to table: "germination_tests"
CREATE INDEX "germination_tests_lot_idx" ON "germination_tests" ("lot_id", "reported_at");
