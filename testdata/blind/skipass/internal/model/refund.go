package model

import (
	"time"

	"github.com/uptrace/bun"
)

const (
	RefundPending    = "pending"
	RefundProcessing = "processing"
	RefundDone       = "refunded"
	RefundRejected   = "rejected"
)

type RefundClaim struct {
	bun.BaseModel `bun:"table:refund_claims,alias:rc"`

	ID             string    `bun:"id,pk"`
	PassID         string    `bun:"pass_id,type:uuid"`
	ClosureID      int64     `bun:"closure_id,notnull"`
	AmountCents    int64     `bun:"amount_cents,notnull"`
	Reason         string    `bun:"reason,notnull"`
	Status         string    `bun:"status,notnull"`
	StripeRefundID string    `bun:"stripe_refund_id,notnull"`
	CreatedAt      time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

type WeatherRefund struct {
	bun.BaseModel `bun:"table:weather_refunds,alias:wr"`

	ID              int64     `bun:"id,pk,autoincrement"`
	ClosureID       int64     `bun:"closure_id,notnull"`
	PassID          string    `bun:"pass_id,type:uuid"`
	PaymentIntentID string    `bun:"payment_intent_id,notnull"`
	AmountCents     int64     `bun:"amount_cents,notnull"`
	Status          string    `bun:"status,notnull"`
	StripeRefundID  string    `bun:"stripe_refund_id,notnull"`
	CreatedAt       time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}
