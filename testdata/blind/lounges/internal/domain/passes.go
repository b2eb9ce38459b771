package domain

import (
	"time"

	"github.com/google/uuid"
)

type DayPassStatus string

const (
	DayPassPending       DayPassStatus = "pending"
	DayPassActive        DayPassStatus = "active"
	DayPassUsed          DayPassStatus = "used"
	DayPassExpired       DayPassStatus = "expired"
	DayPassRefundPending DayPassStatus = "refund_pending"
	DayPassRefunded      DayPassStatus = "refunded"
	DayPassFailed        DayPassStatus = "failed"
)

type DayPass struct {
	ID                    uuid.UUID     `db:"id" json:"id"`
	MemberID              *uuid.UUID    `db:"member_id" json:"member_id,omitempty"`
	LoungeID              uuid.UUID     `db:"lounge_id" json:"lounge_id"`
	PurchaseRef           string        `db:"purchase_ref" json:"purchase_ref"`
	Status                DayPassStatus `db:"status" json:"status"`
	PriceCents            int64         `db:"price_cents" json:"price_cents"`
	Currency              string        `db:"currency" json:"currency"`
	ValidFrom             time.Time     `db:"valid_from" json:"valid_from"`
	ValidUntil            time.Time     `db:"valid_until" json:"valid_until"`
	FlightNumber          *string       `db:"flight_number" json:"flight_number,omitempty"`
	FlightDate            *time.Time    `db:"flight_date" json:"flight_date,omitempty"`
	CorporateBatchID      *uuid.UUID    `db:"corporate_batch_id" json:"corporate_batch_id,omitempty"`
	StripePaymentIntentID *string       `db:"stripe_payment_intent_id" json:"-"`
	CreatedAt             time.Time     `db:"created_at" json:"created_at"`
	UpdatedAt             time.Time     `db:"updated_at" json:"updated_at"`
}

// UsableAt reports whether the pass admits its holder to loungeID at t.
func (p DayPass) UsableAt(loungeID uuid.UUID, t time.Time) bool {
	return p.Status == DayPassActive && p.LoungeID == loungeID &&
		!t.Before(p.ValidFrom) && t.Before(p.ValidUntil)
}

type RefundStatus string

const (
	RefundRequested RefundStatus = "requested"
	RefundSucceeded RefundStatus = "succeeded"
	RefundFailed    RefundStatus = "failed"
)

type Refund struct {
	ID             uuid.UUID    `db:"id" json:"id"`
	DayPassID      uuid.UUID    `db:"day_pass_id" json:"day_pass_id"`
	AmountCents    int64        `db:"amount_cents" json:"amount_cents"`
	Currency       string       `db:"currency" json:"currency"`
	Reason         string       `db:"reason" json:"reason"`
	Status         RefundStatus `db:"status" json:"status"`
	StripeRefundID *string      `db:"stripe_refund_id" json:"-"`
	CreatedAt      time.Time    `db:"created_at" json:"created_at"`
	UpdatedAt      time.Time    `db:"updated_at" json:"updated_at"`
}

type CorporateAccount struct {
	ID               uuid.UUID `db:"id" json:"id"`
	Name             string    `db:"name" json:"name"`
	BillingEmail     string    `db:"billing_email" json:"billing_email"`
	UnitPriceCents   int64     `db:"unit_price_cents" json:"unit_price_cents"`
	Currency         string    `db:"currency" json:"currency"`
	BalanceDueCents  int64     `db:"balance_due_cents" json:"balance_due_cents"`
	CreditLimitCents int64     `db:"credit_limit_cents" json:"credit_limit_cents"`
	CreatedAt        time.Time `db:"created_at" json:"created_at"`
}

type PassBatch struct {
	ID             uuid.UUID   `db:"id" json:"id"`
	AccountID      uuid.UUID   `db:"account_id" json:"account_id"`
	LoungeID       uuid.UUID   `db:"lounge_id" json:"lounge_id"`
	Quantity       int         `db:"quantity" json:"quantity"`
	UnitPriceCents int64       `db:"unit_price_cents" json:"unit_price_cents"`
	PONumber       string      `db:"po_number" json:"po_number"`
	ValidUntil     time.Time   `db:"valid_until" json:"valid_until"`
	CreatedAt      time.Time   `db:"created_at" json:"created_at"`
	PassIDs        []uuid.UUID `db:"-" json:"pass_ids,omitempty"`
}
