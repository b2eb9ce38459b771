-- Create "email_deliveries" table
CREATE TABLE "email_deliveries" (
  "id" text NOT NULL,
  "booking_id" text NOT NULL,
  "template" text NOT NULL,
  "recipient" text NOT NULL,
  "status" text NOT NULL DEFAULT 'pending',
  "provider_message_id" text NULL,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "sent_at" timestamptz NULL,
  PRIMARY KEY ("id"),
  CONSTRAINT "email_deliveries_booking_template_key" UNIQUE ("booking_id", "template"),
  CONSTRAINT "email_deliveries_booking_fk" FOREIGN KEY ("booking_id") REFERENCES "bookings" ("id") ON DELETE CASCADE
);
