// Package events defines the payloads on the grain.* Kafka topics.
package events

import (
	"errors"
	"time"

	"github.com/shopspring/decimal"
)

// TicketGraded is published by the lab system (LabLink) once a probe
// sample from a load has been graded.
type TicketGraded struct {
	ElevatorID  string           `json:"elevator_id"`
	TicketNo    string           `json:"ticket_no"`
	LabSampleID string           `json:"lab_sample_id"`
	Grade       int              `json:"grade"`
	ForeignPct  decimal.Decimal  `json:"foreign_pct"`
	DamagePct   decimal.Decimal  `json:"damage_pct"`
	ProteinPct  *decimal.Decimal `json:"protein_pct,omitempty"`
	TestWeight  decimal.Decimal  `json:"test_weight"`
	GradedAt    time.Time        `json:"graded_at"`
}

func (e *TicketGraded) Validate() error {
	if e.ElevatorID == "" || e.TicketNo == "" {
		return errors.New("ticket graded: missing ticket reference")
	}
	if e.Grade < 1 || e.Grade > 5 {
		return errors.New("ticket graded: grade out of range")
	}
	return nil
}

// QualityRegraded is published by LabLink when an appeal sample or a
// recalibration changes a ticket's grade.
type QualityRegraded struct {
	ElevatorID  string           `json:"elevator_id"`
	TicketNo    string           `json:"ticket_no"`
	LabSampleID string           `json:"lab_sample_id"`
	Grade       int              `json:"grade"`
	ForeignPct  decimal.Decimal  `json:"foreign_pct"`
	DamagePct   decimal.Decimal  `json:"damage_pct"`
	ProteinPct  *decimal.Decimal `json:"protein_pct,omitempty"`
	TestWeight  decimal.Decimal  `json:"test_weight"`
	Reason      string           `json:"reason"`
	RegradedAt  time.Time        `json:"regraded_at"`
}

// DeliveryRecorded is published by the elevator merchandising desk when a
// completed ticket is assigned to a contract.
type DeliveryRecorded struct {
	DeliveryID string    `json:"delivery_id"`
	TicketID   int64     `json:"ticket_id"`
	ContractID string    `json:"contract_id"`
	RecordedBy string    `json:"recorded_by"`
	RecordedAt time.Time `json:"recorded_at"`
}

// PremiumPosted is published by the marketing team's pricing tool for
// program premiums (identity-preserved, non-GMO, sustainability).
type PremiumPosted struct {
	MemberNo string          `json:"member_no"`
	Season   int             `json:"season"`
	TicketID *int64          `json:"ticket_id,omitempty"`
	Program  string          `json:"program"`
	Amount   decimal.Decimal `json:"amount"`
	Note     string          `json:"note"`
}

type AdvanceApproved struct {
	AdvanceID  string          `json:"advance_id"`
	GrowerID   int64           `json:"grower_id"`
	Amount     decimal.Decimal `json:"amount"`
	ApprovedBy string          `json:"approved_by"`
	ApprovedAt time.Time       `json:"approved_at"`
}

type SettlementFinalized struct {
	SettlementID int64           `json:"settlement_id"`
	GrowerID     int64           `json:"grower_id"`
	Season       int             `json:"season"`
	NetAmount    decimal.Decimal `json:"net_amount"`
	FinalizedAt  time.Time       `json:"finalized_at"`
}

type ContractSigned struct {
	ContractID string    `json:"contract_id"`
	ContractNo string    `json:"contract_no"`
	GrowerID   int64     `json:"grower_id"`
	SignedAt   time.Time `json:"signed_at"`
}

type ContractAmended struct {
	ContractID  string    `json:"contract_id"`
	AmendmentID string    `json:"amendment_id"`
	GrowerID    int64     `json:"grower_id"`
	Kind        string    `json:"kind"`
	AmendedAt   time.Time `json:"amended_at"`
}
