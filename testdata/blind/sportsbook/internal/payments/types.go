// Package payments handles player deposits through the PSP, refunds and
// chargebacks.
package payments

import (
	"errors"
	"time"
)

// Deposit statuses.
const (
	StatusPending     = "pending"
	StatusAuthorised  = "authorised"
	StatusSucceeded   = "succeeded"
	StatusFailed      = "failed"
	StatusRefunded    = "refunded"
	StatusChargedBack = "charged_back"
)

var (
	// ErrDepositNotFound is returned for unknown deposits.
	ErrDepositNotFound = errors.New("payments: deposit not found")
	// ErrNotRefundable is returned when a deposit cannot be refunded.
	ErrNotRefundable = errors.New("payments: deposit is not refundable")
)

// Deposit is a row of deposits.
type Deposit struct {
	ID           string     `db:"id"`
	PlayerID     string     `db:"player_id"`
	RequestID    string     `db:"request_id"`
	Amount       int64      `db:"amount"`
	Currency     string     `db:"currency"`
	MethodToken  string     `db:"method_token"`
	Status       string     `db:"status"`
	PSPPaymentID *string    `db:"psp_payment_id"`
	FailureCode  *string    `db:"failure_code"`
	CreatedAt    time.Time  `db:"created_at"`
	CompletedAt  *time.Time `db:"completed_at"`
}

// Open reports whether the deposit still waits for the PSP.
func (d *Deposit) Open() bool {
	return d.Status == StatusPending || d.Status == StatusAuthorised
}

// DepositRequest is the input of Service.Deposit.
type DepositRequest struct {
	PlayerID    string
	RequestID   string
	Amount      int64
	Currency    string
	MethodToken string
	ReturnURL   string
}

// DepositResult is returned to the client.
type DepositResult struct {
	DepositID   string
	Status      string
	RedirectURL string
}

// Refund is a row of deposit_refunds.
type Refund struct {
	ID          string    `db:"id"`
	DepositID   string    `db:"deposit_id"`
	Amount      int64     `db:"amount"`
	PSPRefundID *string   `db:"psp_refund_id"`
	Reason      string    `db:"reason"`
	Operator    string    `db:"operator"`
	CreatedAt   time.Time `db:"created_at"`
}

// Chargeback is the PSP's dispute notification.
type Chargeback struct {
	PSPChargebackID string
	PSPPaymentID    string
	Amount          int64
	ReasonCode      string
}
