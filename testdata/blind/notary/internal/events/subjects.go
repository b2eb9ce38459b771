// Package events owns the JetStream subjects, the transactional outbox and
// the consumer plumbing.
package events

import "time"

const (
	SubjectSessionBooked     = "notary.session.booked"
	SubjectIdentityVerified  = "notary.identity.verified"
	SubjectDocumentSealed    = "notary.document.sealed"
	SubjectFeeCaptured       = "notary.fee.captured"
	SubjectCopyIssued        = "notary.copy.issued"
	SubjectRecordingComplete = "notary.recording.completed"
)

type SessionBooked struct {
	SessionID    string    `json:"session_id"`
	SignerID     string    `json:"signer_id"`
	Jurisdiction string    `json:"jurisdiction"`
	ScheduledAt  time.Time `json:"scheduled_at"`
}

type IdentityVerified struct {
	SessionID string `json:"session_id"`
	CheckID   string `json:"check_id"`
	RiskScore int    `json:"risk_score"`
}

type DocumentSealed struct {
	DocumentID    string    `json:"document_id"`
	SessionID     string    `json:"session_id"`
	SealID        string    `json:"seal_id"`
	NotaryID      string    `json:"notary_id"`
	DocumentTitle string    `json:"document_title"`
	SealedAt      time.Time `json:"sealed_at"`
}

type FeeCaptured struct {
	FeeID       string `json:"fee_id"`
	SessionID   string `json:"session_id"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
}

type CopyIssued struct {
	CopyID     string `json:"copy_id"`
	DocumentID string `json:"document_id"`
	Delivery   string `json:"delivery"`
}

type RecordingCompleted struct {
	RecordingID      string    `json:"recording_id"`
	DocumentID       string    `json:"document_id"`
	CountyFIPS       string    `json:"county_fips"`
	InstrumentNumber string    `json:"instrument_number"`
	RecordedAt       time.Time `json:"recorded_at"`
}
