package domain

import "time"

// PaymentEvent is the provider-neutral view of a payment webhook.
type PaymentEvent struct {
	ID              string
	Type            string
	PaymentIntentID string
	AmountCents     int64
	RefundedCents   int64
	DisputeID       string
	Reason          string
	Status          string
	Created         time.Time
}

func (e PaymentEvent) EventID() string { return e.ID }

// BankEvent is a notification from the bank partner about a transfer.
type BankEvent struct {
	ID          string
	Type        string
	TransferRef string
	EndToEndID  string
	AmountCents int64
	Reason      string
	OccurredAt  time.Time
}

func (e BankEvent) EventID() string { return e.ID }
