package stripepay

import (
	"strings"

	"github.com/stripe/stripe-go/v82"
)

// TransferBuilder assembles a TransferCreateParams to a connected account.
type TransferBuilder struct {
	p stripe.TransferCreateParams
}

// NewTransfer starts a transfer of amount (minor units) in currency.
func NewTransfer(amountCents int64, currency string) *TransferBuilder {
	b := &TransferBuilder{}
	b.p.Amount = stripe.Int64(amountCents)
	b.p.Currency = stripe.String(strings.ToLower(currency))
	return b
}

// Destination sets the connected account.
func (b *TransferBuilder) Destination(acct string) *TransferBuilder {
	b.p.Destination = stripe.String(acct)
	return b
}

// Description sets the description shown in the dashboard.
func (b *TransferBuilder) Description(d string) *TransferBuilder {
	b.p.Description = stripe.String(d)
	return b
}

// Group sets the transfer group.
func (b *TransferBuilder) Group(g string) *TransferBuilder {
	b.p.TransferGroup = stripe.String(g)
	return b
}

// Meta adds a metadata pair.
func (b *TransferBuilder) Meta(k, v string) *TransferBuilder {
	b.p.AddMetadata(k, v)
	return b
}

// IdempotencyKey sets the Idempotency-Key header.
func (b *TransferBuilder) IdempotencyKey(k string) *TransferBuilder {
	b.p.SetIdempotencyKey(k)
	return b
}

// Build returns the params.
func (b *TransferBuilder) Build() *stripe.TransferCreateParams {
	p := b.p
	return &p
}

// PayoutBuilder assembles a PayoutCreateParams on a connected account.
type PayoutBuilder struct {
	p stripe.PayoutCreateParams
}

// NewPayout starts a payout of amount (minor units) in currency.
func NewPayout(amountCents int64, currency string) *PayoutBuilder {
	b := &PayoutBuilder{}
	b.p.Amount = stripe.Int64(amountCents)
	b.p.Currency = stripe.String(strings.ToLower(currency))
	return b
}

// Instant selects the instant payout method.
func (b *PayoutBuilder) Instant() *PayoutBuilder {
	b.p.Method = stripe.String("instant")
	return b
}

// OnBehalfOf makes the call on the connected account.
func (b *PayoutBuilder) OnBehalfOf(acct string) *PayoutBuilder {
	b.p.SetStripeAccount(acct)
	return b
}

// StatementDescriptor sets the bank statement text.
func (b *PayoutBuilder) StatementDescriptor(s string) *PayoutBuilder {
	if len(s) > 22 {
		s = s[:22]
	}
	b.p.StatementDescriptor = stripe.String(s)
	return b
}

// Meta adds a metadata pair.
func (b *PayoutBuilder) Meta(k, v string) *PayoutBuilder {
	b.p.AddMetadata(k, v)
	return b
}

// IdempotencyKey sets the Idempotency-Key header.
func (b *PayoutBuilder) IdempotencyKey(k string) *PayoutBuilder {
	b.p.SetIdempotencyKey(k)
	return b
}

// Build returns the params.
func (b *PayoutBuilder) Build() *stripe.PayoutCreateParams {
	p := b.p
	return &p
}
