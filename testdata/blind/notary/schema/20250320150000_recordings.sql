-- County e-recording.

CREATE TABLE "recordings" (
  "id"                uuid        NOT NULL,
  "document_id"       text        NOT NULL REFERENCES "documents" ("id"),
  "county_fips"       char(5)     NOT NULL,
  "workflow_id"       text        NOT NULL,
  "submission_id"     text        NULL,
  "fee_due_cents"     bigint      NULL,
  "fee_receipt_id"    text        NULL,
  "fee_cents"         bigint      NULL,
  "status"            text        NOT NULL,
  "instrument_number" text        NULL,
  "book"              text        NULL,
  "page"              text        NULL,
  "rejection_reason"  text        NULL,
  "recorded_at"       timestamptz NULL,
  "created_at"        timestamptz NOT NULL DEFAULT now(),
  "updated_at"        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("id"),
  CONSTRAINT "recordings_document_id_key" UNIQUE ("document_id")
);

-- Append-only: one row per SubmitToRecorder activity attempt.
CREATE TABLE "recorder_submission_attempts" (
  "id"           uuid        NOT NULL,
  "recording_id" uuid        NOT NULL REFERENCES "recordings" ("id"),
  "attempt"      integer     NOT NULL,
  "worker_id"    text        NOT NULL,
  "started_at"   timestamptz NOT NULL,
  PRIMARY KEY ("id")
);
CREATE INDEX "recorder_submission_attempts_recording_idx" ON "recorder_submission_attempts" ("recording_id", "started_at");
