package domain

import "time"

type DocumentStatus string

const (
	DocumentUploaded DocumentStatus = "uploaded"
	DocumentSigned   DocumentStatus = "signed"
	DocumentSealing  DocumentStatus = "sealing"
	DocumentSealed   DocumentStatus = "sealed"
	DocumentRecorded DocumentStatus = "recorded"
)

type Document struct {
	ID               string         `db:"id" json:"id"`
	SessionID        string         `db:"session_id" json:"session_id"`
	Title            string         `db:"title" json:"title"`
	DocumentType     string         `db:"document_type" json:"document_type"`
	SHA256           string         `db:"sha256" json:"sha256"`
	StorageKey       string         `db:"storage_key" json:"-"`
	PageCount        int            `db:"page_count" json:"page_count"`
	CountyFIPS       *string        `db:"county_fips" json:"county_fips,omitempty"`
	Status           DocumentStatus `db:"status" json:"status"`
	InstrumentNumber *string        `db:"instrument_number" json:"instrument_number,omitempty"`
}

type Seal struct {
	ID                string    `db:"id" json:"id"`
	DocumentID        string    `db:"document_id" json:"document_id"`
	NotaryID          string    `db:"notary_id" json:"notary_id"`
	SignatureID       string    `db:"signature_id" json:"signature_id"`
	CertificateSerial string    `db:"certificate_serial" json:"certificate_serial"`
	SealedAt          time.Time `db:"sealed_at" json:"sealed_at"`
}

type CertifiedCopy struct {
	ID            string    `db:"id" json:"id"`
	DocumentID    string    `db:"document_id" json:"document_id"`
	RecipientName string    `db:"recipient_name" json:"recipient_name"`
	Address       string    `db:"address" json:"address"`
	Delivery      string    `db:"delivery" json:"delivery"`
	FeeCents      int64     `db:"fee_cents" json:"fee_cents"`
	CreatedAt     time.Time `db:"created_at" json:"created_at"`
}

// JournalEntry is one line of the notary's electronic journal. Most states
// require exactly one entry per notarial act, retained for 5-10 years.
type JournalEntry struct {
	ID             string    `db:"id" json:"id"`
	NotaryID       string    `db:"notary_id" json:"notary_id"`
	SessionID      string    `db:"session_id" json:"session_id"`
	SealID         *string   `db:"seal_id" json:"seal_id,omitempty"`
	ActType        string    `db:"act_type" json:"act_type"`
	DocumentTitle  string    `db:"document_title" json:"document_title"`
	SignerName     string    `db:"signer_name" json:"signer_name"`
	IDMethod       string    `db:"id_method" json:"id_method"`
	FeeCents       int64     `db:"fee_cents" json:"fee_cents"`
	Notes          string    `db:"notes" json:"notes,omitempty"`
	RecordingVideo string    `db:"recording_video_key" json:"recording_video_key,omitempty"`
	EnteredAt      time.Time `db:"entered_at" json:"entered_at"`
}
