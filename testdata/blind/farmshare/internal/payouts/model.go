// Package payouts pays farmers for accepted harvests through the bank
// transfer partner: the weekly scheduled run, instant payouts on request,
// and the partner's settlement notifications.
package payouts

import (
	"errors"
	"time"
)

// Payout kinds and statuses.
const (
	KindScheduled = "scheduled"
	KindInstant   = "instant"

	StatusPending   = "pending"
	StatusSubmitted = "submitted"
	StatusSettled   = "settled"
	StatusReturned  = "returned"
	StatusFailed    = "failed"
)

// Payout is one transfer to a farmer.
type Payout struct {
	ID             string     `db:"id" json:"id"`
	FarmerID       string     `db:"farmer_id" json:"farmer_id"`
	Kind           string     `db:"kind" json:"kind"`
	PeriodStart    *time.Time `db:"period_start" json:"period_start,omitempty"`
	PeriodEnd      *time.Time `db:"period_end" json:"period_end,omitempty"`
	RequestKey     *string    `db:"request_key" json:"-"`
	AmountCents    int64      `db:"amount_cents" json:"amount_cents"`
	Status         string     `db:"status" json:"status"`
	BankTransferID *string    `db:"bank_transfer_id" json:"bank_transfer_id,omitempty"`
	CreatedAt      time.Time  `db:"created_at" json:"created_at"`
	UpdatedAt      time.Time  `db:"updated_at" json:"updated_at"`
}

// Farmer is the payee.
type Farmer struct {
	ID                string    `db:"id"`
	Name              string    `db:"name"`
	Email             string    `db:"email"`
	Phone             *string   `db:"phone"`
	BankBeneficiaryID *string   `db:"bank_beneficiary_id"`
	BalanceCents      int64     `db:"balance_cents"`
	CreatedAt         time.Time `db:"created_at"`
}

// Line ties an accepted harvest to the payout that pays for it.
type Line struct {
	HarvestID   string `db:"harvest_id"`
	PayoutID    string `db:"payout_id"`
	AmountCents int64  `db:"amount_cents"`
}

// InstantRequest is the body of POST /farmers/:id/payouts/instant.
type InstantRequest struct {
	AmountCents int64 `json:"amount_cents"`
}

// Validate checks the amount.
func (r InstantRequest) Validate() error {
	if r.AmountCents < 10_00 {
		return errors.New("instant payouts start at 1000")
	}
	return nil
}
