package domain

import "time"

// EbookLoanStatus is the state of a loan held through the distributor.
type EbookLoanStatus string

const (
	EbookPending EbookLoanStatus = "pending"
	EbookActive  EbookLoanStatus = "active"
	EbookFailed  EbookLoanStatus = "failed"
)

// EbookLoan mirrors a checkout on the distributor's platform.
type EbookLoan struct {
	ID                    string          `json:"id"`
	PatronID              string          `json:"patron_id"`
	TitleID               string          `json:"title_id"`
	Format                string          `json:"format"`
	Status                EbookLoanStatus `json:"status"`
	DistributorCheckoutID string          `json:"checkout_id,omitempty"`
	Renewals              int             `json:"renewals"`
	ExpiresAt             *time.Time      `json:"expires_at,omitempty"`
	CreatedAt             time.Time       `json:"created_at"`
}

// EbookHold is a place in the distributor's queue for a licensed title.
type EbookHold struct {
	ID                string
	PatronID          string
	TitleID           string
	DistributorHoldID string
	Status            string
	CreatedAt         time.Time
}

// PartnerCall is one HTTP attempt against the distributor, kept for support.
type PartnerCall struct {
	ID         string
	Operation  string
	Ref        string
	Attempt    int
	StatusCode int
	Error      string
	CalledAt   time.Time
}

// Notification is a message that went (or is going) out to a patron.
type Notification struct {
	ID                string
	PatronID          string
	Kind              string
	Ref               string
	ProviderMessageID string
	Status            string
	CreatedAt         time.Time
}

// Notification kinds.
const (
	NotifyHoldReady      = "hold_ready"
	NotifyPaymentReceipt = "payment_receipt"
)
