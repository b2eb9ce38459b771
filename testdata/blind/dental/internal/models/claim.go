package models

import (
	"time"

	"github.com/google/uuid"
)

const (
	ClaimDraft      = "draft"
	ClaimSubmitting = "submitting"
	ClaimSubmitted  = "submitted"
	ClaimAccepted   = "accepted"
	ClaimRejected   = "rejected"
	ClaimPaid       = "paid"
	ClaimDenied     = "denied"
)

type Claim struct {
	ID            uuid.UUID
	PracticeID    uuid.UUID
	PatientID     uuid.UUID
	AssociateID   uuid.UUID
	EncounterID   uuid.UUID
	PayerID       string
	PayerSequence string
	Subscriber    JSON
	Lines         JSON
	Documents     JSON
	TotalCents    int64
	PaidCents     int64
	Status        string
	Resubmissions int
	SubmittedAt   *time.Time
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

func (Claim) TableName() string { return "claims" }

// ClaimLine is one procedure on a claim, stored in claims.lines.
type ClaimLine struct {
	CDTCode     string    `json:"cdt_code"`
	Tooth       string    `json:"tooth,omitempty"`
	Surfaces    string    `json:"surfaces,omitempty"`
	FeeCents    int64     `json:"fee_cents"`
	ServiceDate time.Time `json:"service_date"`
}

// Subscriber is the insured person on the patient's dental plan.
type Subscriber struct {
	MemberID     string    `json:"member_id"`
	GroupNumber  string    `json:"group_number"`
	FirstName    string    `json:"first_name"`
	LastName     string    `json:"last_name"`
	DateOfBirth  time.Time `json:"date_of_birth"`
	Relationship string    `json:"relationship"`
}

// ClaimDocument points at an image in the imaging store (radiographs,
// perio charts, intraoral photos) that must go with the claim.
type ClaimDocument struct {
	Ref      string `json:"ref"`
	Kind     string `json:"kind"`
	FileName string `json:"file_name"`
}

type ClaimAttachment struct {
	ID           uuid.UUID
	ClaimID      uuid.UUID
	DocumentRef  string
	AttachmentID string
	CreatedAt    time.Time
}

func (ClaimAttachment) TableName() string { return "claim_attachments" }

type ClaimSubmission struct {
	ID                   uuid.UUID
	ClaimID              uuid.UUID
	ClearinghouseClaimID string
	BatchID              string
	WorkflowID           string
	SubmittedAt          time.Time
}

func (ClaimSubmission) TableName() string { return "claim_submissions" }

type ClaimSubmissionAttempt struct {
	ID         string
	ClaimID    uuid.UUID
	WorkflowID string
	Attempt    int
	Outcome    string
	Detail     *string
	CreatedAt  time.Time
}

func (ClaimSubmissionAttempt) TableName() string { return "claim_submission_attempts" }

type ClaimAcknowledgement struct {
	ID               uuid.UUID
	ClaimID          uuid.UUID
	AckControlNumber string
	Status           string
	Reasons          JSON
	ReceivedAt       time.Time
}

func (ClaimAcknowledgement) TableName() string { return "claim_acknowledgements" }

type InsurancePayment struct {
	ID               uuid.UUID
	ClaimID          uuid.UUID
	TraceNumber      string
	PayerID          string
	PaidCents        int64
	PatientRespCents int64
	AdjustmentCents  int64
	ReceivedAt       time.Time
}

func (InsurancePayment) TableName() string { return "insurance_payments" }
