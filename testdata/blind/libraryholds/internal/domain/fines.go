package domain

import "time"

// FineKind distinguishes how a fine came about.
type FineKind string

const (
	FineOverdue FineKind = "overdue"
	FineLost    FineKind = "lost"
)

// FineStatus is the settlement state of a fine.
type FineStatus string

const (
	FineOpen     FineStatus = "open"
	FinePaid     FineStatus = "paid"
	FineWaived   FineStatus = "waived"
	FineRefunded FineStatus = "refunded"
)

// Fine is one charge on a patron's account.
type Fine struct {
	ID          string     `json:"id"`
	PatronID    string     `json:"patron_id"`
	LoanID      string     `json:"loan_id"`
	Kind        FineKind   `json:"kind"`
	AmountCents int64      `json:"amount_cents"`
	AssessedOn  time.Time  `json:"assessed_on"`
	Status      FineStatus `json:"status"`
	PaymentID   string     `json:"payment_id,omitempty"`
	CreatedAt   time.Time  `json:"created_at"`
}

// PaymentStatus is the state of a card payment against fines.
type PaymentStatus string

const (
	PaymentPending   PaymentStatus = "pending"
	PaymentSucceeded PaymentStatus = "succeeded"
	PaymentFailed    PaymentStatus = "failed"
	PaymentDisputed  PaymentStatus = "disputed"
)

// Payment is a card payment covering one or more fines.
type Payment struct {
	ID                    string
	PatronID              string
	RequestKey            string
	AmountCents           int64
	Status                PaymentStatus
	Source                string
	StripePaymentIntentID string
	FailureReason         string
	CreatedAt             time.Time
}

// Refund returns the amount of one fine from a payment.
type Refund struct {
	ID             string
	PaymentID      string
	FineID         string
	AmountCents    int64
	StripeRefundID string
	Reason         string
	CreatedAt      time.Time
}

// LedgerEntry is an append-only line on a patron's account history.
type LedgerEntry struct {
	ID          string
	PatronID    string
	AmountCents int64
	Reason      string
	Ref         string
	CreatedAt   time.Time
}

// FineEvent is a staff-visible audit row for fine adjustments.
type FineEvent struct {
	FineID    string
	Action    string
	StaffID   string
	Note      string
	CreatedAt time.Time
}
