package model

import (
	"time"

	"github.com/uptrace/bun"
)

const (
	ProductDayTicket  = "day_ticket"
	ProductSeasonPass = "season_pass"

	OrderPendingPayment = "pending_payment"
	OrderPaid           = "paid"
	OrderCancelled      = "cancelled"
)

type Product struct {
	bun.BaseModel `bun:"table:products,alias:p"`

	ID         string `bun:"id,pk"`
	Kind       string `bun:"kind,notnull"`
	Name       string `bun:"name,notnull"`
	PriceCents int64  `bun:"price_cents,notnull"`
	Currency   string `bun:"currency,notnull"`
	Season     string `bun:"season,notnull"`
	Active     bool   `bun:"active,notnull"`
}

type Order struct {
	bun.BaseModel `bun:"table:orders,alias:o"`

	ID              string     `bun:"id,pk,type:uuid"`
	AccountID       string     `bun:"account_id,type:uuid"`
	Status          string     `bun:"status,notnull"`
	TotalCents      int64      `bun:"total_cents,notnull"`
	Currency        string     `bun:"currency,notnull"`
	PaymentIntentID *string    `bun:"payment_intent_id"`
	CreatedAt       time.Time  `bun:"created_at,nullzero,notnull,default:current_timestamp"`
	PaidAt          *time.Time `bun:"paid_at"`
	CancelledAt     *time.Time `bun:"cancelled_at"`

	Lines []*OrderLine `bun:"rel:has-many,join:id=order_id"`
}

type OrderLine struct {
	bun.BaseModel `bun:"table:order_lines,alias:ol"`

	ID        int64     `bun:"id,pk,autoincrement"`
	OrderID   string    `bun:"order_id,type:uuid"`
	ProductID string    `bun:"product_id,notnull"`
	ValidDate time.Time `bun:"valid_date,type:date"`
	Quantity  int       `bun:"quantity,notnull"`
	UnitCents int64     `bun:"unit_cents,notnull"`
}

type OrderRefund struct {
	bun.BaseModel `bun:"table:order_refunds"`

	OrderID        string    `bun:"order_id,pk,type:uuid"`
	AmountCents    int64     `bun:"amount_cents,notnull"`
	Status         string    `bun:"status,notnull"`
	StripeRefundID string    `bun:"stripe_refund_id,notnull"`
	CreatedAt      time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}
