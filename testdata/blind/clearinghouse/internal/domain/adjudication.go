package domain

import (
	"encoding/json"
	"time"

	"github.com/lib/pq"
)

// EligibilityInquiry is a 270 request and its 271 response.
type EligibilityInquiry struct {
	ID                       string          `db:"id" json:"id"`
	PracticeID               string          `db:"practice_id" json:"practice_id"`
	PatientAccountID         string          `db:"patient_account_id" json:"patient_account_id"`
	PayerID                  string          `db:"payer_id" json:"payer_id"`
	TraceNumber              string          `db:"trace_number" json:"trace_number"`
	MemberID                 string          `db:"member_id" json:"member_id"`
	ServiceTypeCode          string          `db:"service_type_code" json:"service_type_code"`
	Status                   string          `db:"status" json:"status"`
	CoverageActive           *bool           `db:"coverage_active" json:"coverage_active,omitempty"`
	CopayCents               *int64          `db:"copay_cents" json:"copay_cents,omitempty"`
	DeductibleRemainingCents *int64          `db:"deductible_remaining_cents" json:"deductible_remaining_cents,omitempty"`
	Response                 json.RawMessage `db:"response" json:"response,omitempty"`
	RequestedAt              time.Time       `db:"requested_at" json:"requested_at"`
	RespondedAt              *time.Time      `db:"responded_at" json:"responded_at,omitempty"`
}

// Remittance is an 835 payment/advice header.
type Remittance struct {
	ID             string    `db:"id"`
	PayerID        string    `db:"payer_id"`
	TraceNumber    string    `db:"trace_number"`
	PaymentMethod  string    `db:"payment_method"`
	PaidCents      int64     `db:"paid_cents"`
	ProductionDate time.Time `db:"production_date"`
	ReceivedAt     time.Time `db:"received_at"`
}

// ClaimPayment is one CLP loop of a remittance.
type ClaimPayment struct {
	ID               string          `db:"id"`
	RemittanceID     string          `db:"remittance_id"`
	ClaimID          string          `db:"claim_id"`
	ClaimStatusCode  string          `db:"claim_status_code"`
	ChargeCents      int64           `db:"charge_cents"`
	PaidCents        int64           `db:"paid_cents"`
	PatientRespCents int64           `db:"patient_resp_cents"`
	Adjustments      json.RawMessage `db:"adjustments"`
}

// Denial is a payer denial of a claim (or part of one).
type Denial struct {
	ID             string     `db:"id" json:"id"`
	ClaimID        string     `db:"claim_id" json:"claim_id"`
	PayerDenialRef string     `db:"payer_denial_ref" json:"payer_denial_ref"`
	CARCCode       string     `db:"carc_code" json:"carc_code"`
	RARCCode       *string    `db:"rarc_code" json:"rarc_code,omitempty"`
	GroupCode      string     `db:"group_code" json:"group_code"`
	DeniedCents    int64      `db:"denied_cents" json:"denied_cents"`
	AppealDeadline *time.Time `db:"appeal_deadline" json:"appeal_deadline,omitempty"`
	ReceivedAt     time.Time  `db:"received_at" json:"received_at"`
}

// InfoRequest is a payer request for additional information (277 RFAI).
type InfoRequest struct {
	ID              string         `db:"id"`
	ClaimID         string         `db:"claim_id"`
	PayerRequestRef string         `db:"payer_request_ref"`
	RequestedCodes  pq.StringArray `db:"requested_codes"`
	DueDate         *time.Time     `db:"due_date"`
	Status          string         `db:"status"`
}

// Appeal statuses.
const (
	AppealDraft     = "draft"
	AppealFiled     = "filed"
	AppealWithdrawn = "withdrawn"
	AppealDecided   = "decided"
)

// Appeal is a request for reconsideration of a denial.
type Appeal struct {
	ID             string     `db:"id" json:"id"`
	ClaimID        string     `db:"claim_id" json:"claim_id"`
	DenialID       string     `db:"denial_id" json:"denial_id"`
	Level          int        `db:"level" json:"level"`
	Reason         string     `db:"reason" json:"reason"`
	Status         string     `db:"status" json:"status"`
	PayerAppealRef *string    `db:"payer_appeal_ref" json:"payer_appeal_ref,omitempty"`
	FiledBy        string     `db:"filed_by" json:"filed_by"`
	FiledAt        time.Time  `db:"filed_at" json:"filed_at"`
	WithdrawnAt    *time.Time `db:"withdrawn_at" json:"withdrawn_at,omitempty"`
}
