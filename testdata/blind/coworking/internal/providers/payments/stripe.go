package payments

import (
	"context"
	"fmt"

	"github.com/stripe/stripe-go/v82"
)

// StripeGateway implements Gateway with stripe-go's stripe.Client.
type StripeGateway struct {
	sc *stripe.Client
}

// NewStripeGateway builds a gateway from a secret key.
func NewStripeGateway(secretKey string) *StripeGateway {
	return &StripeGateway{sc: stripe.NewClient(secretKey)}
}

// CreateCustomer creates a Stripe customer and returns its ID.
func (g *StripeGateway) CreateCustomer(ctx context.Context, in CustomerInput, opts ...CallOption) (string, error) {
	o := collect(opts)
	params := &stripe.CustomerCreateParams{
		Email:    stripe.String(in.Email),
		Name:     stripe.String(in.Name),
		Phone:    stripe.String(in.Phone),
		Metadata: o.metadata,
	}
	o.apply(&params.Params)
	c, err := g.sc.V1Customers.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripe: create customer: %w", err)
	}
	return c.ID, nil
}

// CreateSubscription subscribes customerID to priceID, charging the default
// payment method automatically each month.
func (g *StripeGateway) CreateSubscription(ctx context.Context, customerID, priceID string, opts ...CallOption) (*stripe.Subscription, error) {
	o := collect(opts)
	params := &stripe.SubscriptionCreateParams{
		Customer: stripe.String(customerID),
		Items: []*stripe.SubscriptionCreateItemParams{
			{Price: stripe.String(priceID), Quantity: stripe.Int64(1)},
		},
		CollectionMethod: stripe.String(string(stripe.SubscriptionCollectionMethodChargeAutomatically)),
		Metadata:         o.metadata,
	}
	o.apply(&params.Params)
	sub, err := g.sc.V1Subscriptions.Create(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripe: create subscription: %w", err)
	}
	return sub, nil
}

// CancelSubscription cancels immediately. Cancelling a subscription Stripe
// no longer knows about is treated as done.
func (g *StripeGateway) CancelSubscription(ctx context.Context, subscriptionID string, opts ...CallOption) error {
	o := collect(opts)
	params := &stripe.SubscriptionCancelParams{Prorate: stripe.Bool(true)}
	o.apply(&params.Params)
	_, err := g.sc.V1Subscriptions.Cancel(ctx, subscriptionID, params)
	if err != nil && !IsMissing(err) {
		return fmt.Errorf("stripe: cancel subscription: %w", err)
	}
	return nil
}

// Charge creates and confirms an off-session PaymentIntent against the
// customer's default payment method.
func (g *StripeGateway) Charge(ctx context.Context, in ChargeInput, opts ...CallOption) (*stripe.PaymentIntent, error) {
	o := collect(opts)
	params := &stripe.PaymentIntentCreateParams{
		Amount:      stripe.Int64(in.AmountCents),
		Currency:    stripe.String(in.Currency),
		Customer:    stripe.String(in.CustomerID),
		Description: stripe.String(in.Description),
		Confirm:     stripe.Bool(true),
		OffSession:  stripe.Bool(true),
		Metadata:    o.metadata,
	}
	o.apply(&params.Params)
	pi, err := g.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripe: create payment intent: %w", err)
	}
	return pi, nil
}

// AddInvoiceItem adds a pending line to the customer's next invoice.
func (g *StripeGateway) AddInvoiceItem(ctx context.Context, in InvoiceItemInput, opts ...CallOption) (string, error) {
	o := collect(opts)
	params := &stripe.InvoiceItemCreateParams{
		Customer:    stripe.String(in.CustomerID),
		Amount:      stripe.Int64(in.AmountCents),
		Currency:    stripe.String(in.Currency),
		Description: stripe.String(in.Description),
		Metadata:    o.metadata,
	}
	o.apply(&params.Params)
	item, err := g.sc.V1InvoiceItems.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripe: create invoice item: %w", err)
	}
	return item.ID, nil
}

// CreateInvoice drafts an invoice that sweeps the customer's pending items
// and lets Stripe finalize and send it.
func (g *StripeGateway) CreateInvoice(ctx context.Context, customerID, description string, opts ...CallOption) (*stripe.Invoice, error) {
	o := collect(opts)
	params := &stripe.InvoiceCreateParams{
		Customer:                    stripe.String(customerID),
		Description:                 stripe.String(description),
		AutoAdvance:                 stripe.Bool(true),
		CollectionMethod:            stripe.String(string(stripe.InvoiceCollectionMethodSendInvoice)),
		DaysUntilDue:                stripe.Int64(14),
		PendingInvoiceItemsBehavior: stripe.String("include"),
		Metadata:                    o.metadata,
	}
	o.apply(&params.Params)
	inv, err := g.sc.V1Invoices.Create(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripe: create invoice: %w", err)
	}
	return inv, nil
}
