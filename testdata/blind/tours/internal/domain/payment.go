package domain

import "time"

// PaymentKind says what a payment is for.
type PaymentKind string

const (
	PaymentDeposit PaymentKind = "deposit"
	PaymentBalance PaymentKind = "balance"
	PaymentManual  PaymentKind = "manual"
)

// PaymentStatus mirrors the states we care about from Stripe.
type PaymentStatus string

const (
	PaymentPending        PaymentStatus = "pending"
	PaymentRequiresAction PaymentStatus = "requires_action"
	PaymentProcessing     PaymentStatus = "processing"
	PaymentSucceeded      PaymentStatus = "succeeded"
	PaymentFailed         PaymentStatus = "failed"
)

// Payment is money received against a booking.
type Payment struct {
	ID                    string        `db:"id" json:"id"`
	BookingID             string        `db:"booking_id" json:"booking_id"`
	Kind                  PaymentKind   `db:"kind" json:"kind"`
	AmountCents           int64         `db:"amount_cents" json:"amount_cents"`
	Currency              string        `db:"currency" json:"currency"`
	Status                PaymentStatus `db:"status" json:"status"`
	StripePaymentIntentID *string       `db:"stripe_payment_intent_id" json:"stripe_payment_intent_id,omitempty"`
	Method                string        `db:"method" json:"method"`
	ExternalRef           string        `db:"external_ref" json:"external_ref,omitempty"`
	CreatedAt             time.Time     `db:"created_at" json:"created_at"`
	SucceededAt           *time.Time    `db:"succeeded_at" json:"succeeded_at,omitempty"`
}

// IntentID returns the Stripe PaymentIntent ID or "".
func (p Payment) IntentID() string {
	if p.StripePaymentIntentID == nil {
		return ""
	}
	return *p.StripePaymentIntentID
}

// PaymentAttempt is an append-only log of calls made to the card processor.
type PaymentAttempt struct {
	ID          string    `db:"id"`
	PaymentID   string    `db:"payment_id"`
	Outcome     string    `db:"outcome"`
	Detail      string    `db:"detail"`
	AttemptedAt time.Time `db:"attempted_at"`
}

// RefundStatus is the lifecycle of a refund.
type RefundStatus string

const (
	RefundPending   RefundStatus = "pending"
	RefundSubmitted RefundStatus = "submitted"
	RefundSucceeded RefundStatus = "succeeded"
	RefundFailed    RefundStatus = "failed"
)

// Refund is money going back to the traveller against one payment.
type Refund struct {
	ID             string       `db:"id" json:"id"`
	BookingID      string       `db:"booking_id" json:"booking_id"`
	PaymentID      string       `db:"payment_id" json:"payment_id"`
	CancellationID string       `db:"cancellation_id" json:"cancellation_id"`
	AmountCents    int64        `db:"amount_cents" json:"amount_cents"`
	Currency       string       `db:"currency" json:"currency"`
	Status         RefundStatus `db:"status" json:"status"`
	StripeRefundID *string      `db:"stripe_refund_id" json:"stripe_refund_id,omitempty"`
	CreatedAt      time.Time    `db:"created_at" json:"created_at"`
	CompletedAt    *time.Time   `db:"completed_at" json:"completed_at,omitempty"`
}
