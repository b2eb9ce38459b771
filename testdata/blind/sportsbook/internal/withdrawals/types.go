// Package withdrawals manages cash-out of player funds to their bank account
// through the payout partner.
package withdrawals

import (
	"errors"
	"time"
)

// Withdrawal statuses.
const (
	StatusRequested = "requested"
	StatusApproved  = "approved"
	StatusSending   = "sending"
	StatusSent      = "sent"
	StatusPaid      = "paid"
	StatusFailed    = "failed"
	StatusCancelled = "cancelled"
)

var (
	// ErrNotFound is returned for unknown withdrawals.
	ErrNotFound = errors.New("withdrawals: not found")
	// ErrNotPayable is returned when a withdrawal is not in a payable state.
	ErrNotPayable = errors.New("withdrawals: not in a payable state")
	// ErrMissingKey is returned when a request carries no request id.
	ErrMissingKey = errors.New("withdrawals: request id is required")
)

// Withdrawal is a row of withdrawals.
type Withdrawal struct {
	ID              string     `db:"id" json:"id"`
	PlayerID        string     `db:"player_id" json:"player_id"`
	Amount          int64      `db:"amount" json:"amount"`
	Currency        string     `db:"currency" json:"currency"`
	Destination     string     `db:"destination" json:"destination"`
	Status          string     `db:"status" json:"status"`
	PayoutReference *string    `db:"payout_reference" json:"payout_reference,omitempty"`
	PartnerPayoutID *string    `db:"partner_payout_id" json:"partner_payout_id,omitempty"`
	FailureReason   *string    `db:"failure_reason" json:"failure_reason,omitempty"`
	RequestedAt     time.Time  `db:"requested_at" json:"requested_at"`
	ApprovedAt      *time.Time `db:"approved_at" json:"approved_at,omitempty"`
	ApprovedBy      *string    `db:"approved_by" json:"approved_by,omitempty"`
	SentAt          *time.Time `db:"sent_at" json:"sent_at,omitempty"`
	CompletedAt     *time.Time `db:"completed_at" json:"completed_at,omitempty"`
}

// RequestInput is a player's withdrawal request.
type RequestInput struct {
	PlayerID    string
	RequestKey  string
	Amount      int64
	Currency    string
	Destination string
}

// PartnerEvent is a status callback from the payout partner.
type PartnerEvent struct {
	EventID         string
	PartnerPayoutID string
	Status          string
	Reason          string
}
