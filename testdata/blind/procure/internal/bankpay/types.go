// Package bankpay is a client for the bank's corporate payments API
// (SEPA credit transfers and cross-border wires).
package bankpay

import (
	"fmt"
	"time"
)

// Amount is a decimal amount in minor units.
type Amount struct {
	Currency string `json:"currency"`
	Minor    int64  `json:"value_minor"`
}

func (a Amount) String() string {
	return fmt.Sprintf("%d.%02d %s", a.Minor/100, a.Minor%100, a.Currency)
}

// PaymentRequest initiates a credit transfer. IdempotencyKey is sent as the
// Idempotency-Key header; the bank returns the original payment for a
// repeated key for 30 days.
type PaymentRequest struct {
	IdempotencyKey string `json:"-"`

	EndToEndID       string `json:"end_to_end_id"`
	DebtorAccount    string `json:"debtor_account"`
	CreditorName     string `json:"creditor_name"`
	CreditorIBAN     string `json:"creditor_iban"`
	CreditorBIC      string `json:"creditor_bic"`
	Amount           Amount `json:"amount"`
	RemittanceInfo   string `json:"remittance_information"`
	ExecutionDate    string `json:"requested_execution_date,omitempty"`
	CategoryPurpose  string `json:"category_purpose,omitempty"`
	UltimateDebtorID string `json:"ultimate_debtor_id,omitempty"`
}

// Payment is the bank's view of a payment.
type Payment struct {
	ID         string    `json:"id"`
	EndToEndID string    `json:"end_to_end_id"`
	Status     string    `json:"status"`
	Amount     Amount    `json:"amount"`
	CreatedAt  time.Time `json:"created_at"`
	Reason     string    `json:"status_reason,omitempty"`
}

// Payment statuses reported by the bank.
const (
	StatusPending  = "pending"
	StatusAccepted = "accepted"
	StatusSettled  = "settled"
	StatusRejected = "rejected"
	StatusReturned = "returned"
)

// Event is a webhook notification.
type Event struct {
	ID        string    `json:"id"`
	Type      string    `json:"type"`
	CreatedAt time.Time `json:"created_at"`
	Payment   Payment   `json:"payment"`
}
