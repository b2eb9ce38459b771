// Package vaccines collects vaccination certificates and has them verified
// by the vet-records vendor before a dog may board.
package vaccines

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// Record statuses.
const (
	StatusPending   = "pending"
	StatusSubmitted = "submitted"
	StatusVerified  = "verified"
	StatusRejected  = "rejected"
	StatusExpired   = "expired"
)

// Required lists the vaccines a boarding dog needs.
var Required = map[string]string{
	"rabies":           "Rabies",
	"dhpp":             "DHPP",
	"bordetella":       "Bordetella",
	"canine_influenza": "Canine influenza",
	"leptospirosis":    "Leptospirosis",
}

// Record is one uploaded certificate.
type Record struct {
	bun.BaseModel `bun:"table:vaccination_records"`

	ID                   string     `bun:"id,pk" json:"id"`
	DogID                uuid.UUID  `bun:"dog_id,type:uuid,notnull" json:"dog_id"`
	Vaccine              string     `bun:"vaccine,notnull" json:"vaccine"`
	AdministeredOn       time.Time  `bun:"administered_on,type:date,notnull" json:"administered_on"`
	ExpiresOn            *time.Time `bun:"expires_on,type:date" json:"expires_on,omitempty"`
	ClinicName           *string    `bun:"clinic_name" json:"clinic_name,omitempty"`
	DocumentURL          string     `bun:"document_url,notnull" json:"document_url"`
	Status               string     `bun:"status,notnull" json:"status"`
	VendorVerificationID *string    `bun:"vendor_verification_id" json:"vendor_verification_id,omitempty"`
	RejectionReason      *string    `bun:"rejection_reason" json:"rejection_reason,omitempty"`
	UploadedBy           *string    `bun:"uploaded_by" json:"uploaded_by,omitempty"`
	CreatedAt            time.Time  `bun:"created_at,nullzero,notnull,default:current_timestamp" json:"created_at"`
	VerifiedAt           *time.Time `bun:"verified_at" json:"verified_at,omitempty"`
}

// WebhookEvent is a processed vendor webhook delivery.
type WebhookEvent struct {
	bun.BaseModel `bun:"table:vet_webhook_events"`

	EventID    string    `bun:"event_id,pk"`
	Type       string    `bun:"type,notnull"`
	RecordID   *string   `bun:"record_id"`
	ReceivedAt time.Time `bun:"received_at,nullzero,notnull,default:current_timestamp"`
}
