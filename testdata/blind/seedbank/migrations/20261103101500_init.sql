-- Create "members" table
CREATE TABLE "members" (
  "id" text NOT NULL,
  "email" text NOT NULL,
  "name" text NOT NULL DEFAULT '',
  "address_line1" text NOT NULL DEFAULT '',
  "address_line2" text NOT NULL DEFAULT '',
  "city" text NOT NULL DEFAULT '',
  "postcode" text NOT NULL DEFAULT '',
  "country" text NOT NULL DEFAULT '',
  "status" text NOT NULL DEFAULT 'pending',
  "paid_through" timestamptz NULL,
  "packets_borrowed" integer NOT NULL DEFAULT 0,
  "payment_customer" text NOT NULL DEFAULT '',
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "updated_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id"),
  CONSTRAINT "members_email_key" UNIQUE ("email")
);
-- Create "varieties" table
CREATE TABLE "varieties" (
  "id" text NOT NULL,
  "species" text NOT NULL,
  "name" text NOT NULL,
  "notes" text NOT NULL DEFAULT '',
  PRIMARY KEY ("id")
);
-- Create "packets" table
CREATE TABLE "packets" (
  "id" text NOT NULL,
  "variety_id" text NOT NULL,
  "season" text NOT NULL,
  "seeds_per_packet" integer NOT NULL,
  "quantity_available" integer NOT NULL DEFAULT 0,
  "updated_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id"),
  CONSTRAINT "packets_variety_fk" FOREIGN KEY ("variety_id") REFERENCES "varieties" ("id"),
  CONSTRAINT "packets_quantity_nonnegative" CHECK (quantity_available >= 0)
);
-- Create "reservations" table
CREATE TABLE "reservations" (
  "id" text NOT NULL,
  "member_id" text NOT NULL,
  "packet_id" text NOT NULL,
  "quantity" integer NOT NULL,
  "status" text NOT NULL,
  "client_request_id" text NOT NULL,
  "expires_at" timestamptz NOT NULL,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "updated_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id"),
  CONSTRAINT "reservations_client_request_id_key" UNIQUE ("client_request_id"),
  CONSTRAINT "reservations_member_fk" FOREIGN KEY ("member_id") REFERENCES "members" ("id"),
  CONSTRAINT "reservations_packet_fk" FOREIGN KEY ("packet_id") REFERENCES "packets" ("id")
);
-- Create index "reservations_status_expires_idx" to table: "reservations"
CREATE INDEX "reservations_status_expires_idx" ON "reservations" ("status", "expires_at");
-- Create "loans" table
CREATE TABLE "loans" (
  "id" text NOT NULL,
  "reservation_id" text NOT NULL,
  "member_id" text NOT NULL,
  "packet_id" text NOT NULL,
  "quantity" integer NOT NULL,
  "status" text NOT NULL,
  "due_at" timestamptz NULL,
  "returned_at" timestamptz NULL,
  "reminded_at" timestamptz NULL,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "updated_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id"),
  CONSTRAINT "loans_reservation_id_key" UNIQUE ("reservation_id"),
  CONSTRAINT "loans_reservation_fk" FOREIGN KEY ("reservation_id") REFERENCES "reservations" ("id")
);
-- Create index "loans_overdue_idx" to table: "loans"
CREATE INDEX "loans_overdue_idx" ON "loans" ("status", "due_at") WHERE (reminded_at IS NULL);
-- Create "shipments" table
CREATE TABLE "shipments" (
  "id" text NOT NULL,
  "reservation_id" text NOT NULL,
  "courier_shipment_id" text NOT NULL DEFAULT '',
  "tracking_number" text NOT NULL DEFAULT '',
  "label_url" text NOT NULL DEFAULT '',
  "status" text NOT NULL,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "updated_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id"),
  CONSTRAINT "shipments_reservation_id_key" UNIQUE ("reservation_id")
);
-- Create index "shipments_courier_shipment_idx" to table: "shipments"
CREATE INDEX "shipments_courier_shipment_idx" ON "shipments" ("courier_shipment_id");
-- Create "return_labels" table
CREATE TABLE "return_labels" (
  "id" text NOT NULL,
  "loan_id" text NOT NULL,
  "courier_label_id" text NOT NULL,
  "tracking_number" text NOT NULL DEFAULT '',
  "label_url" text NOT NULL DEFAULT '',
  "created_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id"),
  CONSTRAINT "return_labels_loan_fk" FOREIGN KEY ("loan_id") REFERENCES "loans" ("id")
);
-- Create "webhook_receipts" table
CREATE TABLE "webhook_receipts" (
  "provider" text NOT NULL,
  "event_id" text NOT NULL,
  "received_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("provider", "event_id")
);
