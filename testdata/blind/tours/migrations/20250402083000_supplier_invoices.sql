-- Create "supplier_invoices" table
CREATE TABLE "supplier_invoices" (
  "id" text NOT NULL,
  "supplier_id" text NOT NULL,
  "departure_id" text NOT NULL,
  "invoice_number" text NOT NULL,
  "amount_cents" bigint NOT NULL,
  "currency" character(3) NOT NULL,
  "status" text NOT NULL DEFAULT 'received',
  "variance_cents" bigint NOT NULL DEFAULT 0,
  "dispute_reason" text NOT NULL DEFAULT '',
  "issued_on" date NOT NULL,
  "due_on" date NOT NULL,
  "received_at" timestamptz NOT NULL DEFAULT now(),
  "approved_at" timestamptz NULL,
  PRIMARY KEY ("id"),
  CONSTRAINT "supplier_invoices_number_key" UNIQUE ("supplier_id", "invoice_number"),
  CONSTRAINT "supplier_invoices_supplier_fk" FOREIGN KEY ("supplier_id") REFERENCES "suppliers" ("id") ON DELETE RESTRICT,
  CONSTRAINT "supplier_invoices_departure_fk" FOREIGN KEY ("departure_id") REFERENCES "departures" ("id") ON DELETE RESTRICT
);
-- Create "supplier_ledger_entries" table
CREATE TABLE "supplier_ledger_entries" (
  "id" text NOT NULL,
  "supplier_id" text NOT NULL,
  "invoice_id" text NULL,
  "payout_id" text NULL,
  "entry_type" text NOT NULL,
  "amount_cents" bigint NOT NULL,
  "currency" character(3) NOT NULL,
  "memo" text NOT NULL DEFAULT '',
  "created_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id"),
  CONSTRAINT "supplier_ledger_entries_supplier_fk" FOREIGN KEY ("supplier_id") REFERENCES "suppliers" ("id") ON DELETE RESTRICT
);
-- Create index "supplier_ledger_entries_supplier_idx" to table: "supplier_ledger_entries"
CREATE INDEX "supplier_ledger_entries_supplier_idx" ON "supplier_ledger_entries" ("supplier_id", "created_at");
-- Create "payouts" table
CREATE TABLE "payouts" (
  "id" text NOT NULL,
  "supplier_id" text NOT NULL,
  "invoice_id" text NOT NULL,
  "amount_cents" bigint NOT NULL,
  "currency" character(3) NOT NULL,
  "status" text NOT NULL DEFAULT 'pending',
  "stripe_transfer_id" text NULL,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "paid_at" timestamptz NULL,
  PRIMARY KEY ("id"),
  CONSTRAINT "payouts_invoice_key" UNIQUE ("invoice_id"),
  CONSTRAINT "payouts_stripe_transfer_id_key" UNIQUE ("stripe_transfer_id"),
  CONSTRAINT "payouts_invoice_fk" FOREIGN KEY ("invoice_id") REFERENCES "supplier_invoices" ("id") ON DELETE RESTRICT
);
-- Create "reconciliation_runs" table
CREATE TABLE "reconciliation_runs" (
  "id" uuid NOT NULL,
  "invoice_id" text NOT NULL,
  "expected_cents" bigint NOT NULL,
  "invoiced_cents" bigint NOT NULL,
  "matched" boolean NOT NULL,
  "notes" text NOT NULL DEFAULT '',
  "ran_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id"),
  CONSTRAINT "reconciliation_runs_invoice_fk" FOREIGN KEY ("invoice_id") REFERENCES "supplier_invoices" ("id") ON DELETE CASCADE
);
