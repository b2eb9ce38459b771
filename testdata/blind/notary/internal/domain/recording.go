package domain

import "time"

type RecordingStatus string

const (
	RecordingRequested RecordingStatus = "requested"
	RecordingSubmitted RecordingStatus = "submitted"
	RecordingFeePaid   RecordingStatus = "fee_paid"
	RecordingRecorded  RecordingStatus = "recorded"
	RecordingRejected  RecordingStatus = "rejected"
)

type Recording struct {
	ID               string          `db:"id" json:"id"`
	DocumentID       string          `db:"document_id" json:"document_id"`
	CountyFIPS       string          `db:"county_fips" json:"county_fips"`
	WorkflowID       string          `db:"workflow_id" json:"workflow_id"`
	SubmissionID     *string         `db:"submission_id" json:"submission_id,omitempty"`
	FeeDueCents      *int64          `db:"fee_due_cents" json:"fee_due_cents,omitempty"`
	FeeReceiptID     *string         `db:"fee_receipt_id" json:"fee_receipt_id,omitempty"`
	FeeCents         *int64          `db:"fee_cents" json:"fee_cents,omitempty"`
	Status           RecordingStatus `db:"status" json:"status"`
	InstrumentNumber *string         `db:"instrument_number" json:"instrument_number,omitempty"`
	Book             *string         `db:"book" json:"book,omitempty"`
	Page             *string         `db:"page" json:"page,omitempty"`
	RejectionReason  *string         `db:"rejection_reason" json:"rejection_reason,omitempty"`
	RecordedAt       *time.Time      `db:"recorded_at" json:"recorded_at,omitempty"`
	CreatedAt        time.Time       `db:"created_at" json:"created_at"`
	UpdatedAt        time.Time       `db:"updated_at" json:"updated_at"`
}

type SubmissionAttempt struct {
	ID          string    `db:"id"`
	RecordingID string    `db:"recording_id"`
	Attempt     int32     `db:"attempt"`
	WorkerID    string    `db:"worker_id"`
	StartedAt   time.Time `db:"started_at"`
}
