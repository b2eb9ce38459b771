-- Core RON entities: participants, sessions, identity proofing, documents,
-- seals and the notary journal.

CREATE TABLE "signers" (
  "id"          text        NOT NULL,
  "email"       text        NOT NULL,
  "phone"       text        NOT NULL,
  "first_name"  text        NOT NULL,
  "last_name"   text        NOT NULL,
  "birth_date"  date        NOT NULL,
  "created_at"  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);

CREATE TABLE "notaries" (
  "id"                    text        NOT NULL,
  "full_name"             text        NOT NULL,
  "commission_number"     text        NOT NULL,
  "commission_state"      char(2)     NOT NULL,
  "commission_expires_on" date        NOT NULL,
  "certificate_id"        text        NOT NULL,
  "payout_account"        text        NOT NULL,
  "active"                boolean     NOT NULL DEFAULT true,
  "created_at"            timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id"),
  CONSTRAINT "notaries_commission_key" UNIQUE ("commission_state", "commission_number")
);

CREATE TABLE "sessions" (
  "id"             uuid        NOT NULL,
  "signer_id"      text        NOT NULL REFERENCES "signers" ("id"),
  "notary_id"      text        NULL REFERENCES "notaries" ("id"),
  "jurisdiction"   char(2)     NOT NULL,
  "scheduled_at"   timestamptz NOT NULL,
  "document_count" integer     NOT NULL CHECK ("document_count" BETWEEN 1 AND 25),
  "status"         text        NOT NULL,
  "cancel_reason"  text        NULL,
  "created_at"     timestamptz NOT NULL DEFAULT now(),
  "updated_at"     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);
CREATE INDEX "sessions_signer_idx" ON "sessions" ("signer_id", "scheduled_at");
CREATE INDEX "sessions_notary_open_idx" ON "sessions" ("notary_id") WHERE "status" IN ('ready', 'in_progress');

CREATE TABLE "identity_checks" (
  "id"               text        NOT NULL,
  "session_id"       uuid        NOT NULL REFERENCES "sessions" ("id"),
  "vendor_ref"       text        NOT NULL,
  "status"           text        NOT NULL,
  "verification_url" text        NOT NULL,
  "expires_at"       timestamptz NOT NULL,
  "completed_at"     timestamptz NULL,
  "created_at"       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id"),
  CONSTRAINT "identity_checks_vendor_ref_key" UNIQUE ("vendor_ref")
);
CREATE INDEX "identity_checks_session_idx" ON "identity_checks" ("session_id", "created_at" DESC);

CREATE TABLE "kyc_results" (
  "id"              bigserial   NOT NULL,
  "vendor_event_id" text        NOT NULL,
  "check_id"        text        NOT NULL REFERENCES "identity_checks" ("id"),
  "outcome"         text        NOT NULL,
  "risk_score"      integer     NOT NULL,
  "raw"             jsonb       NOT NULL,
  "received_at"     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id"),
  CONSTRAINT "kyc_results_vendor_event_id_key" UNIQUE ("vendor_event_id")
);

CREATE TABLE "documents" (
  "id"                 text        NOT NULL,
  "session_id"         uuid        NOT NULL REFERENCES "sessions" ("id"),
  "title"              text        NOT NULL,
  "document_type"      text        NOT NULL,
  "sha256"             char(64)    NOT NULL,
  "storage_key"        text        NOT NULL,
  "sealed_storage_key" text        NULL,
  "page_count"         integer     NOT NULL,
  "county_fips"        char(5)     NULL,
  "status"             text        NOT NULL DEFAULT 'uploaded',
  "instrument_number"  text        NULL,
  "created_at"         timestamptz NOT NULL DEFAULT now(),
  "updated_at"         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);
CREATE INDEX "documents_session_idx" ON "documents" ("session_id");

CREATE TABLE "document_parties" (
  "document_id" text    NOT NULL REFERENCES "documents" ("id"),
  "position"    integer NOT NULL,
  "name"        text    NOT NULL,
  "role"        text    NOT NULL CHECK ("role" IN ('grantor', 'grantee')),
  PRIMARY KEY ("document_id", "role", "position")
);

CREATE TABLE "seals" (
  "id"                 text        NOT NULL,
  "document_id"        text        NOT NULL REFERENCES "documents" ("id"),
  "notary_id"          text        NOT NULL REFERENCES "notaries" ("id"),
  "signature_id"       text        NOT NULL,
  "certificate_serial" text        NOT NULL,
  "sealed_at"          timestamptz NOT NULL,
  PRIMARY KEY ("id"),
  CONSTRAINT "seals_document_id_key" UNIQUE ("document_id")
);

CREATE TABLE "certified_copies" (
  "id"             uuid        NOT NULL,
  "document_id"    text        NOT NULL REFERENCES "documents" ("id"),
  "recipient_name" text        NOT NULL,
  "address"        text        NOT NULL,
  "delivery"       text        NOT NULL,
  "fee_cents"      bigint      NOT NULL,
  "created_at"     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id")
);
CREATE INDEX "certified_copies_document_idx" ON "certified_copies" ("document_id");

-- One row per notarial act. Retained for ten years (longest state rule).
CREATE TABLE "journal_entries" (
  "id"                  text        NOT NULL,
  "notary_id"           text        NOT NULL REFERENCES "notaries" ("id"),
  "session_id"          uuid        NOT NULL REFERENCES "sessions" ("id"),
  "seal_id"             text        NULL REFERENCES "seals" ("id"),
  "act_type"            text        NOT NULL,
  "document_title"      text        NOT NULL,
  "signer_name"         text        NOT NULL,
  "id_method"           text        NOT NULL,
  "fee_cents"           bigint      NOT NULL DEFAULT 0,
  "notes"               text        NOT NULL DEFAULT '',
  "recording_video_key" text        NOT NULL DEFAULT '',
  "entered_at"          timestamptz NOT NULL,
  PRIMARY KEY ("id")
);
CREATE INDEX "journal_entries_notary_idx" ON "journal_entries" ("notary_id", "entered_at");
CREATE INDEX "journal_entries_session_idx" ON "journal_entries" ("session_id");

CREATE TABLE "idempotency_keys" (
  "scope"        text        NOT NULL,
  "owner"        text        NOT NULL DEFAULT '',
  "key"          text        NOT NULL,
  "resource_ref" text        NULL,
  "response"     jsonb       NULL,
  "created_at"   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("scope", "owner", "key")
);

CREATE TABLE "outbox" (
  "id"           uuid        NOT NULL,
  "subject"      text        NOT NULL,
  "aggregate_id" text        NOT NULL,
  "payload"      jsonb       NOT NULL,
  "created_at"   timestamptz NOT NULL DEFAULT now(),
  "published_at" timestamptz NULL,
  PRIMARY KEY ("id")
);
CREATE INDEX "outbox_unpublished_idx" ON "outbox" ("created_at") WHERE "published_at" IS NULL;

CREATE TABLE "processed_events" (
  "consumer"     text        NOT NULL,
  "msg_id"       text        NOT NULL,
  "processed_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("consumer", "msg_id")
);
