package cardpay

import (
	"github.com/stripe/stripe-go/v82"
)

// AuthorizeRequest describes a manual-capture authorisation.
type AuthorizeRequest struct {
	OrderID       string
	CustomerRef   string
	PaymentMethod string
	AmountCents   int64
	Currency      string
}

func (r AuthorizeRequest) build(defaultCurrency, descriptor string) *stripe.PaymentIntentCreateParams {
	currency := r.Currency
	if currency == "" {
		currency = defaultCurrency
	}
	p := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(r.AmountCents),
		Currency:      stripe.String(currency),
		PaymentMethod: stripe.String(r.PaymentMethod),
		CaptureMethod: stripe.String(string(stripe.PaymentIntentCaptureMethodManual)),
		Confirm:       stripe.Bool(true),
	}
	if r.CustomerRef != "" {
		p.Customer = stripe.String(r.CustomerRef)
	}
	if descriptor != "" {
		p.StatementDescriptorSuffix = stripe.String(descriptor)
	}
	p.AddMetadata("order_id", r.OrderID)
	return p
}

// RefundRequest describes a refund against a payment intent.
type RefundRequest struct {
	IntentID    string
	AmountCents int64
	Reason      string
}

// NewRefund starts a refund request for an intent.
func NewRefund(intentID string) RefundRequest { return RefundRequest{IntentID: intentID} }

// Amount sets a partial refund amount.
func (r RefundRequest) Amount(cents int64) RefundRequest { r.AmountCents = cents; return r }

// Because sets the Stripe refund reason.
func (r RefundRequest) Because(reason string) RefundRequest { r.Reason = reason; return r }

func (r RefundRequest) build() *stripe.RefundCreateParams {
	p := &stripe.RefundCreateParams{PaymentIntent: stripe.String(r.IntentID)}
	if r.AmountCents > 0 {
		p.Amount = stripe.Int64(r.AmountCents)
	}
	if r.Reason != "" {
		p.Reason = stripe.String(r.Reason)
	}
	return p
}

// OffSessionRequest describes a merchant-initiated charge.
type OffSessionRequest struct {
	OrderID       string
	CustomerRef   string
	PaymentMethod string
	AmountCents   int64
	Description   string
}

func (r OffSessionRequest) build(currency string) *stripe.PaymentIntentCreateParams {
	p := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(r.AmountCents),
		Currency:      stripe.String(currency),
		PaymentMethod: stripe.String(r.PaymentMethod),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
		Description:   stripe.String(r.Description),
	}
	if r.CustomerRef != "" {
		p.Customer = stripe.String(r.CustomerRef)
	}
	p.AddMetadata("order_id", r.OrderID)
	return p
}
