package stripepay

import "github.com/civicfund/grants/internal/ports"

// ChargeBuilder assembles an off-session PaymentIntent request for a saved
// payment method.
type ChargeBuilder struct {
	req ports.IntentRequest
}

// NewCharge starts a builder for amount in the smallest currency unit.
func NewCharge(amountCents int64, currency string) *ChargeBuilder {
	return &ChargeBuilder{req: ports.IntentRequest{
		AmountCents: amountCents,
		Currency:    currency,
		Metadata:    map[string]string{},
	}}
}

// ForCustomer sets the Stripe customer and saved payment method.
func (b *ChargeBuilder) ForCustomer(customerID, paymentMethodID string) *ChargeBuilder {
	b.req.CustomerID = customerID
	b.req.PaymentMethodID = paymentMethodID
	return b
}

// OffSession confirms the intent immediately without the donor present.
func (b *ChargeBuilder) OffSession() *ChargeBuilder {
	b.req.OffSession = true
	b.req.Confirm = true
	return b
}

// Describe sets the statement description.
func (b *ChargeBuilder) Describe(desc string) *ChargeBuilder {
	b.req.Description = desc
	return b
}

// Meta adds a metadata pair.
func (b *ChargeBuilder) Meta(k, v string) *ChargeBuilder {
	b.req.Metadata[k] = v
	return b
}

// IdempotencyKey sets Stripe's Idempotency-Key.
func (b *ChargeBuilder) IdempotencyKey(k string) *ChargeBuilder {
	b.req.IdempotencyKey = k
	return b
}

// Build returns the request.
func (b *ChargeBuilder) Build() ports.IntentRequest { return b.req }
