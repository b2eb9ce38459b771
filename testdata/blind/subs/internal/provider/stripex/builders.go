package stripex

import (
	"strings"

	"github.com/stripe/stripe-go/v82"
)

// ChargeBuilder assembles an off-session PaymentIntent for an invoice.
type ChargeBuilder struct {
	customer    string
	amount      int64
	currency    string
	method      string
	offSession  bool
	description string
	metadata    map[string]string
}

func NewCharge(stripeCustomerID string, amountCents int64, currency string) *ChargeBuilder {
	return &ChargeBuilder{
		customer: stripeCustomerID,
		amount:   amountCents,
		currency: strings.ToLower(currency),
		metadata: map[string]string{},
	}
}

func (b *ChargeBuilder) PaymentMethod(pm string) *ChargeBuilder { b.method = pm; return b }
func (b *ChargeBuilder) OffSession() *ChargeBuilder             { b.offSession = true; return b }
func (b *ChargeBuilder) Description(d string) *ChargeBuilder    { b.description = d; return b }

func (b *ChargeBuilder) ForInvoice(invoiceID, number string) *ChargeBuilder {
	b.metadata["meterly_invoice_id"] = invoiceID
	if number != "" {
		b.metadata["meterly_invoice_number"] = number
		b.description = "Meterly invoice " + number
	}
	return b
}

func (b *ChargeBuilder) Build() *stripe.PaymentIntentCreateParams {
	p := &stripe.PaymentIntentCreateParams{
		Amount:   stripe.Int64(b.amount),
		Currency: stripe.String(b.currency),
		Customer: stripe.String(b.customer),
		Confirm:  stripe.Bool(true),
	}
	if b.method != "" {
		p.PaymentMethod = stripe.String(b.method)
	}
	if b.offSession {
		p.OffSession = stripe.Bool(true)
	}
	if b.description != "" {
		p.Description = stripe.String(b.description)
	}
	for k, v := range b.metadata {
		p.AddMetadata(k, v)
	}
	return p
}

// RefundBuilder assembles a refund against a PaymentIntent.
type RefundBuilder struct {
	paymentIntent string
	amount        int64
	reason        string
	metadata      map[string]string
}

func NewRefund(paymentIntentID string) *RefundBuilder {
	return &RefundBuilder{paymentIntent: paymentIntentID, metadata: map[string]string{}}
}

func (b *RefundBuilder) Amount(cents int64) *RefundBuilder { b.amount = cents; return b }

func (b *RefundBuilder) Reason(r string) *RefundBuilder {
	switch r {
	case "duplicate", "fraudulent", "requested_by_customer":
		b.reason = r
	default:
		b.metadata["meterly_reason"] = r
	}
	return b
}

func (b *RefundBuilder) ForInvoice(invoiceID string) *RefundBuilder {
	b.metadata["meterly_invoice_id"] = invoiceID
	return b
}

func (b *RefundBuilder) Build() *stripe.RefundCreateParams {
	p := &stripe.RefundCreateParams{PaymentIntent: stripe.String(b.paymentIntent)}
	if b.amount > 0 {
		p.Amount = stripe.Int64(b.amount)
	}
	if b.reason != "" {
		p.Reason = stripe.String(b.reason)
	}
	for k, v := range b.metadata {
		p.AddMetadata(k, v)
	}
	return p
}
