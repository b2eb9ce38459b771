// Package domain holds the clearinghouse's core types.
package domain

import (
	"encoding/json"
	"time"

	"github.com/lib/pq"
)

// Claim statuses.
const (
	ClaimReceived   = "received"
	ClaimScrubbed   = "scrubbed"
	ClaimRejected   = "rejected"
	ClaimSubmitting = "submitting"
	ClaimSubmitted  = "submitted"
	ClaimAccepted   = "accepted"
	ClaimDenied     = "denied"
	ClaimPaid       = "paid"
	ClaimPartial    = "partially_paid"
	ClaimReversed   = "reversed"
	ClaimVoided     = "voided"
)

// Claim frequency codes (CLM05-3).
const (
	FreqOriginal    = "1"
	FreqReplacement = "7"
	FreqVoid        = "8"
)

// Claim is a professional claim as received from a practice.
type Claim struct {
	ID                   string          `db:"id" json:"id"`
	PracticeID           string          `db:"practice_id" json:"practice_id"`
	PatientAccountID     string          `db:"patient_account_id" json:"patient_account_id"`
	PayerID              string          `db:"payer_id" json:"payer_id"`
	BatchID              *string         `db:"batch_id" json:"batch_id,omitempty"`
	PatientControlNumber string          `db:"patient_control_number" json:"patient_control_number"`
	FrequencyCode        string          `db:"frequency_code" json:"frequency_code"`
	ServiceDate          time.Time       `db:"service_date" json:"service_date"`
	TotalChargeCents     int64           `db:"total_charge_cents" json:"total_charge_cents"`
	PaidCents            int64           `db:"paid_cents" json:"paid_cents"`
	PatientRespCents     int64           `db:"patient_resp_cents" json:"patient_resp_cents"`
	Status               string          `db:"status" json:"status"`
	PayerClaimRef        *string         `db:"payer_claim_ref" json:"payer_claim_ref,omitempty"`
	SubmissionSeq        int             `db:"submission_seq" json:"submission_seq"`
	Payload              json.RawMessage `db:"payload" json:"-"`
	CreatedAt            time.Time       `db:"created_at" json:"created_at"`
	UpdatedAt            time.Time       `db:"updated_at" json:"updated_at"`
	Lines                []ClaimLine     `db:"-" json:"lines,omitempty"`
}

// ClaimLine is a service line (SV1 / LX loop).
type ClaimLine struct {
	ClaimID           string         `db:"claim_id" json:"-"`
	LineNo            int            `db:"line_no" json:"line_no"`
	ProcedureCode     string         `db:"procedure_code" json:"procedure_code"`
	Modifiers         pq.StringArray `db:"modifiers" json:"modifiers"`
	Units             int            `db:"units" json:"units"`
	ChargeCents       int64          `db:"charge_cents" json:"charge_cents"`
	DiagnosisPointers pq.Int64Array  `db:"diagnosis_pointers" json:"diagnosis_pointers"`
}

// ClaimPayload is the subset of the 837 we keep as JSON for resubmission.
type ClaimPayload struct {
	BillingProviderNPI  string   `json:"billing_provider_npi"`
	RenderingNPI        string   `json:"rendering_npi,omitempty"`
	PlaceOfService      string   `json:"place_of_service"`
	MemberID            string   `json:"member_id"`
	GroupNumber         string   `json:"group_number,omitempty"`
	DiagnosisCodes      []string `json:"diagnosis_codes"`
	PriorAuthNumber     string   `json:"prior_auth_number,omitempty"`
	OriginalPayerRef    string   `json:"original_payer_ref,omitempty"`
	AttachmentControlNo string   `json:"attachment_control_no,omitempty"`
}

// ClaimBatch is an 837 interchange holding many claims.
type ClaimBatch struct {
	ID                   string    `db:"id" json:"id"`
	PracticeID           string    `db:"practice_id" json:"practice_id"`
	InterchangeControlNo string    `db:"interchange_control_no" json:"interchange_control_no"`
	ClaimCount           int       `db:"claim_count" json:"claim_count"`
	Status               string    `db:"status" json:"status"`
	ReceivedAt           time.Time `db:"received_at" json:"received_at"`
}

// ScrubFinding is one edit raised by the scrubber.
type ScrubFinding struct {
	ClaimID  string `db:"claim_id" json:"claim_id"`
	RuleCode string `db:"rule_code" json:"rule_code"`
	Severity string `db:"severity" json:"severity"`
	Message  string `db:"message" json:"message"`
	LineNo   *int   `db:"line_no" json:"line_no,omitempty"`
}

// Submission records one attempt to deliver a claim version to a payer.
type Submission struct {
	ID          string     `db:"id"`
	ClaimID     string     `db:"claim_id"`
	Seq         int        `db:"seq"`
	Status      string     `db:"status"`
	PayerRef    *string    `db:"payer_ref"`
	Error       *string    `db:"error"`
	CreatedAt   time.Time  `db:"created_at"`
	SubmittedAt *time.Time `db:"submitted_at"`
}

// Resubmission is a corrected/replacement claim request.
type Resubmission struct {
	ID            string    `db:"id" json:"id"`
	ClaimID       string    `db:"claim_id" json:"claim_id"`
	FrequencyCode string    `db:"frequency_code" json:"frequency_code"`
	Reason        string    `db:"reason" json:"reason"`
	WorkflowID    string    `db:"workflow_id" json:"workflow_id"`
	RequestedBy   string    `db:"requested_by" json:"requested_by"`
	RequestedAt   time.Time `db:"requested_at" json:"requested_at"`
}

// Attachment is a PWK/275 supporting document.
type Attachment struct {
	ID                  string    `db:"id" json:"id"`
	ClaimID             string    `db:"claim_id" json:"claim_id"`
	AttachmentControlNo string    `db:"attachment_control_no" json:"attachment_control_no"`
	ReportTypeCode      string    `db:"report_type_code" json:"report_type_code"`
	ContentSHA256       string    `db:"content_sha256" json:"content_sha256"`
	StorageURI          string    `db:"storage_uri" json:"storage_uri"`
	Status              string    `db:"status" json:"status"`
	PayerAckRef         *string   `db:"payer_ack_ref" json:"payer_ack_ref,omitempty"`
	CreatedAt           time.Time `db:"created_at" json:"created_at"`
}

// Crossover is a claim forwarded to a secondary payer after primary adjudication.
type Crossover struct {
	ID               string    `db:"id" json:"id"`
	ClaimID          string    `db:"claim_id" json:"claim_id"`
	SecondaryPayerID string    `db:"secondary_payer_id" json:"secondary_payer_id"`
	PrimaryPaidCents int64     `db:"primary_paid_cents" json:"primary_paid_cents"`
	Status           string    `db:"status" json:"status"`
	ForwardedAt      time.Time `db:"forwarded_at" json:"forwarded_at"`
}
