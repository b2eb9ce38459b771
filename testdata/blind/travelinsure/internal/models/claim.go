package models

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// ClaimStatus is the lifecycle of a traveller claim.
type ClaimStatus string

const (
	ClaimSubmitted ClaimStatus = "submitted"
	ClaimApproved  ClaimStatus = "approved"
	ClaimRejected  ClaimStatus = "rejected"
	ClaimPaid      ClaimStatus = "paid"
)

// Claim is a traveller's claim against a policy.
type Claim struct {
	bun.BaseModel `bun:"table:claims,alias:c"`

	ID                  uuid.UUID   `bun:"id,pk,type:uuid"`
	ClaimNumber         string      `bun:"claim_number,notnull"`
	PolicyID            uuid.UUID   `bun:"policy_id,type:uuid,notnull"`
	Type                string      `bun:"type,notnull"`
	IncidentDate        time.Time   `bun:"incident_date,type:date,notnull"`
	Description         string      `bun:"description,notnull"`
	AmountClaimedMinor  int64       `bun:"amount_claimed_minor,notnull"`
	ApprovedAmountMinor int64       `bun:"approved_amount_minor,notnull"`
	Currency            string      `bun:"currency,notnull"`
	PayeeIBAN           string      `bun:"payee_iban,notnull"`
	PayeeName           string      `bun:"payee_name,notnull"`
	Status              ClaimStatus `bun:"status,notnull"`
	DecisionNote        string      `bun:"decision_note"`
	DecidedBy           string      `bun:"decided_by"`
	DecidedAt           *time.Time  `bun:"decided_at"`
	AcknowledgedAt      *time.Time  `bun:"acknowledged_at"`
	AckMessageID        string      `bun:"ack_message_id"`
	CreatedAt           time.Time   `bun:"created_at,notnull,default:current_timestamp"`
	UpdatedAt           time.Time   `bun:"updated_at,notnull,default:current_timestamp"`
}

// ClaimDocument is an uploaded supporting document (receipt, medical report,
// airline letter) stored in the document vault.
type ClaimDocument struct {
	bun.BaseModel `bun:"table:claim_documents,alias:cd"`

	ID          uuid.UUID `bun:"id,pk,type:uuid"`
	ClaimID     uuid.UUID `bun:"claim_id,type:uuid,notnull"`
	Kind        string    `bun:"kind,notnull"`
	Filename    string    `bun:"filename,notnull"`
	ContentType string    `bun:"content_type,notnull"`
	SizeBytes   int64     `bun:"size_bytes,notnull"`
	SHA256      string    `bun:"sha256,notnull"`
	StorageKey  string    `bun:"storage_key,notnull"`
	UploadedAt  time.Time `bun:"uploaded_at,notnull,default:current_timestamp"`
}

// ClaimStatusChange is the append-only history of claim transitions.
type ClaimStatusChange struct {
	bun.BaseModel `bun:"table:claim_status_history,alias:csh"`

	ID        uuid.UUID   `bun:"id,pk,type:uuid"`
	ClaimID   uuid.UUID   `bun:"claim_id,type:uuid,notnull"`
	Status    ClaimStatus `bun:"status,notnull"`
	Actor     string      `bun:"actor,notnull"`
	Note      string      `bun:"note"`
	ChangedAt time.Time   `bun:"changed_at,notnull,default:current_timestamp"`
}
