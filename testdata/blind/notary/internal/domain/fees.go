package domain

import "time"

type FeeStatus string

const (
	FeePending    FeeStatus = "pending"
	FeeAuthorized FeeStatus = "authorized"
	FeeCaptured   FeeStatus = "captured"
	FeeRefunded   FeeStatus = "refunded"
	FeeFailed     FeeStatus = "failed"
)

type Fee struct {
	ID          string     `db:"id" json:"id"`
	SessionID   string     `db:"session_id" json:"session_id"`
	Kind        string     `db:"kind" json:"kind"`
	AmountCents int64      `db:"amount_cents" json:"amount_cents"`
	Currency    string     `db:"currency" json:"currency"`
	Status      FeeStatus  `db:"status" json:"status"`
	ChargeID    *string    `db:"charge_id" json:"charge_id,omitempty"`
	CapturedAt  *time.Time `db:"captured_at" json:"captured_at,omitempty"`
	FailReason  *string    `db:"failure_reason" json:"failure_reason,omitempty"`
	CreatedAt   time.Time  `db:"created_at" json:"created_at"`
}

type Earning struct {
	NotaryID    string `db:"notary_id"`
	FeeID       string `db:"fee_id"`
	AmountCents int64  `db:"amount_cents"`
}

type PayoutStatus string

const (
	PayoutPending PayoutStatus = "pending"
	PayoutPaid    PayoutStatus = "paid"
)

type Payout struct {
	ID          string       `db:"id"`
	NotaryID    string       `db:"notary_id"`
	Period      string       `db:"period"`
	AmountCents int64        `db:"amount_cents"`
	Status      PayoutStatus `db:"status"`
	ProviderRef *string      `db:"provider_ref"`
	PaidAt      *time.Time   `db:"paid_at"`
	CreatedAt   time.Time    `db:"created_at"`
}
