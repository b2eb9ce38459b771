// Package payments wraps stripe-go for application fees (card PaymentIntents
// and refunds) and for the monthly property-manager invoices.
//
// Stripe deduplicates POST requests on the Idempotency-Key header for 24
// hours; callers pass a key with WithIdempotencyKey.
package payments

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"
)

// Client is the subset of Stripe the service uses.
type Client struct {
	sc            *stripe.Client
	webhookSecret string
}

// New builds a Stripe client from a secret key.
func New(secretKey, webhookSecret string, backend stripe.Backend) *Client {
	var opts []stripe.ClientOption
	if backend != nil {
		opts = append(opts, stripe.WithBackends(&stripe.Backends{API: backend, Connect: backend, Uploads: backend}))
	}
	return &Client{sc: stripe.NewClient(secretKey, opts...), webhookSecret: webhookSecret}
}

// CallOption adjusts a single Stripe request.
type CallOption func(*stripe.Params)

// WithIdempotencyKey sets the Idempotency-Key header of the request.
func WithIdempotencyKey(key string) CallOption {
	return func(p *stripe.Params) {
		if key != "" {
			p.SetIdempotencyKey(key)
		}
	}
}

func apply(p *stripe.Params, opts []CallOption) {
	for _, o := range opts {
		o(p)
	}
}

// ChargeInput describes an application-fee card charge.
type ChargeInput struct {
	AmountCents     int64
	Currency        string
	PaymentMethodID string
	Description     string
	ReceiptEmail    string
	Metadata        map[string]string
}

// ChargeResult is the synchronous outcome of a confirmed PaymentIntent.
type ChargeResult struct {
	PaymentIntentID string
	Status          string
	FailureMessage  string
}

// ChargeFee creates and confirms a PaymentIntent for the application fee.
// A card decline is returned as a result with status "failed", not an error.
func (c *Client) ChargeFee(ctx context.Context, in ChargeInput, opts ...CallOption) (ChargeResult, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:                stripe.Int64(in.AmountCents),
		Currency:              stripe.String(in.Currency),
		PaymentMethod:         stripe.String(in.PaymentMethodID),
		Confirm:               stripe.Bool(true),
		ErrorOnRequiresAction: stripe.Bool(true),
		Description:           stripe.String(in.Description),
		Metadata:              in.Metadata,
		PaymentMethodTypes:    stripe.StringSlice([]string{"card"}),
	}
	if in.ReceiptEmail != "" {
		params.ReceiptEmail = stripe.String(in.ReceiptEmail)
	}
	apply(&params.Params, opts)
	pi, err := c.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard {
			res := ChargeResult{Status: "failed", FailureMessage: se.Msg}
			if se.PaymentIntent != nil {
				res.PaymentIntentID = se.PaymentIntent.ID
			}
			return res, nil
		}
		return ChargeResult{}, fmt.Errorf("stripe: create payment intent: %w", err)
	}
	res := ChargeResult{PaymentIntentID: pi.ID}
	switch pi.Status {
	case stripe.PaymentIntentStatusSucceeded:
		res.Status = "succeeded"
	case stripe.PaymentIntentStatusProcessing:
		res.Status = "pending"
	default:
		res.Status = "failed"
		if pi.LastPaymentError != nil {
			res.FailureMessage = pi.LastPaymentError.Msg
		}
	}
	return res, nil
}

// Refund refunds part or all of a PaymentIntent.
func (c *Client) Refund(ctx context.Context, paymentIntentID string, amountCents int64, reason string, opts ...CallOption) (string, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(paymentIntentID),
		Amount:        stripe.Int64(amountCents),
		Metadata:      map[string]string{"reason": reason},
	}
	params.Reason = stripe.String(string(stripe.RefundReasonRequestedByCustomer))
	apply(&params.Params, opts)
	r, err := c.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripe: create refund: %w", err)
	}
	return r.ID, nil
}

// CreateCustomer creates the Stripe customer a property manager is invoiced
// under.
func (c *Client) CreateCustomer(ctx context.Context, managerID, name, email string) (string, error) {
	cust, err := c.sc.V1Customers.Create(ctx, &stripe.CustomerCreateParams{
		Name:     stripe.String(name),
		Email:    stripe.String(email),
		Metadata: map[string]string{"manager_id": managerID},
	})
	if err != nil {
		return "", fmt.Errorf("stripe: create customer: %w", err)
	}
	return cust.ID, nil
}

// InvoiceItemInput is one pending line on a customer's next invoice.
type InvoiceItemInput struct {
	CustomerID  string
	AmountCents int64
	Currency    string
	Description string
	Metadata    map[string]string
}

// CreateInvoiceItem adds a pending invoice item to a customer.
func (c *Client) CreateInvoiceItem(ctx context.Context, in InvoiceItemInput, opts ...CallOption) (string, error) {
	params := &stripe.InvoiceItemCreateParams{
		Customer:    stripe.String(in.CustomerID),
		Amount:      stripe.Int64(in.AmountCents),
		Currency:    stripe.String(in.Currency),
		Description: stripe.String(in.Description),
		Metadata:    in.Metadata,
	}
	apply(&params.Params, opts)
	item, err := c.sc.V1InvoiceItems.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripe: create invoice item: %w", err)
	}
	return item.ID, nil
}

// InvoiceInput describes a send_invoice invoice that sweeps in the
// customer's pending items.
type InvoiceInput struct {
	CustomerID   string
	Description  string
	DaysUntilDue int64
	Metadata     map[string]string
}

// CreateInvoice creates a draft invoice containing the pending items.
func (c *Client) CreateInvoice(ctx context.Context, in InvoiceInput, opts ...CallOption) (string, error) {
	params := &stripe.InvoiceCreateParams{
		Customer:                    stripe.String(in.CustomerID),
		CollectionMethod:            stripe.String(string(stripe.InvoiceCollectionMethodSendInvoice)),
		DaysUntilDue:                stripe.Int64(in.DaysUntilDue),
		PendingInvoiceItemsBehavior: stripe.String("include"),
		AutoAdvance:                 stripe.Bool(true),
		Description:                 stripe.String(in.Description),
		Metadata:                    in.Metadata,
	}
	apply(&params.Params, opts)
	inv, err := c.sc.V1Invoices.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripe: create invoice: %w", err)
	}
	return inv.ID, nil
}

// FinalizeInvoice finalizes a draft invoice so Stripe emails it. Finalizing
// an invoice that is already open is treated as success.
func (c *Client) FinalizeInvoice(ctx context.Context, invoiceID string) error {
	_, err := c.sc.V1Invoices.FinalizeInvoice(ctx, invoiceID, &stripe.InvoiceFinalizeInvoiceParams{})
	var se *stripe.Error
	if errors.As(err, &se) && se.Code == stripe.ErrorCodeInvoiceNotEditable {
		return nil
	}
	if err != nil {
		return fmt.Errorf("stripe: finalize invoice: %w", err)
	}
	return nil
}

// Event is the part of a Stripe webhook event the fee service consumes.
type Event struct {
	ID              string
	Type            string
	PaymentIntentID string
	FailureMessage  string
}

// ParseWebhook verifies the Stripe-Signature header and extracts the
// PaymentIntent the event is about.
func (c *Client) ParseWebhook(payload []byte, sigHeader string) (Event, error) {
	evt, err := webhook.ConstructEventWithOptions(payload, sigHeader, c.webhookSecret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		return Event{}, err
	}
	out := Event{ID: evt.ID, Type: string(evt.Type)}
	if evt.Data == nil {
		return out, nil
	}
	switch evt.Type {
	case "payment_intent.succeeded", "payment_intent.payment_failed", "payment_intent.canceled":
		var pi stripe.PaymentIntent
		if err := json.Unmarshal(evt.Data.Raw, &pi); err != nil {
			return Event{}, fmt.Errorf("stripe: decode payment intent: %w", err)
		}
		out.PaymentIntentID = pi.ID
		if pi.LastPaymentError != nil {
			out.FailureMessage = pi.LastPaymentError.Msg
		}
	case "charge.refunded":
		var ch stripe.Charge
		if err := json.Unmarshal(evt.Data.Raw, &ch); err != nil {
			return Event{}, fmt.Errorf("stripe: decode charge: %w", err)
		}
		if ch.PaymentIntent != nil {
			out.PaymentIntentID = ch.PaymentIntent.ID
		}
	}
	return out, nil
}
