// Package claims builds and submits insurance claims to the clearinghouse and
// applies remittances.
package claims

import (
	"encoding/json"
	"errors"
	"time"
)

const (
	StatusDraft       = "draft"
	StatusSubmitted   = "submitted"
	StatusRejected    = "rejected"
	StatusDenied      = "denied"
	StatusResubmitted = "resubmitted"
	StatusAdjudicated = "adjudicated"
)

var (
	ErrNotFound     = errors.New("claim not found")
	ErrInvalidState = errors.New("claim is not in a valid state for this operation")
)

type Line struct {
	CPT         string `json:"cpt"`
	Modifier    string `json:"modifier,omitempty"`
	Units       int    `json:"units"`
	ChargeCents int64  `json:"charge_cents"`
}

type Claim struct {
	ID               string `gorm:"primaryKey"`
	AppointmentID    string
	PayerID          string
	MemberID         string
	Lines            json.RawMessage `gorm:"type:jsonb"`
	TotalCents       int64
	Status           string
	ClearinghouseRef *string
	PaidCents        int64
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

func (Claim) TableName() string { return "claims" }

func (c Claim) DecodeLines() ([]Line, error) {
	var ls []Line
	err := json.Unmarshal(c.Lines, &ls)
	return ls, err
}

type Submission struct {
	ID               string `gorm:"primaryKey"`
	ClaimID          string
	Kind             string
	ClearinghouseRef string
	SubmittedAt      time.Time `gorm:"autoCreateTime"`
}

func (Submission) TableName() string { return "claim_submissions" }

type Remittance struct {
	ID               string `gorm:"primaryKey"`
	ClaimID          string
	TraceNumber      string
	PaidCents        int64
	PatientRespCents int64
	ReceivedAt       time.Time `gorm:"autoCreateTime"`
}

func (Remittance) TableName() string { return "claim_remittances" }
