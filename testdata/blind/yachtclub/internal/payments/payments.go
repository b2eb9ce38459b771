// Package payments wraps Stripe for the clubhouse: member customers, dues
// invoices, fuel-dock card charges, and guest-berth deposits and refunds.
//
// Every mutating call accepts an IdempotencyKey, sent as Stripe's
// Idempotency-Key header. Stripe keeps keys for 24 hours and replays the
// original response for a repeated key.
package payments

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"
)

// Gateway is the subset of Stripe the services use.
type Gateway interface {
	CreateCustomer(ctx context.Context, req CustomerRequest) (string, error)
	DefaultPaymentMethod(ctx context.Context, customerID string) (string, error)
	ChargeOffSession(ctx context.Context, req ChargeRequest) (*ChargeResult, error)
	CreateDepositIntent(ctx context.Context, req DepositRequest) (*IntentResult, error)
	GetIntent(ctx context.Context, id string) (*IntentResult, error)
	Refund(ctx context.Context, req RefundRequest) (string, error)
	AddInvoiceItem(ctx context.Context, req InvoiceItemRequest) (string, error)
	CreateInvoice(ctx context.Context, req InvoiceRequest) (*InvoiceResult, error)
	FinalizeInvoice(ctx context.Context, invoiceID, idempotencyKey string) (*InvoiceResult, error)
}

// ErrCardDeclined is returned when the issuer declines an off-session charge.
var ErrCardDeclined = errors.New("payments: card declined")

type CustomerRequest struct {
	MemberID       string
	Name           string
	Email          string
	Phone          string
	IdempotencyKey string
}

type ChargeRequest struct {
	CustomerID      string
	PaymentMethodID string
	AmountCents     int64
	Description     string
	StatementSuffix string
	Metadata        map[string]string
	IdempotencyKey  string
}

type ChargeResult struct {
	PaymentIntentID string
	Status          string
}

type DepositRequest struct {
	BookingID      string
	Email          string
	AmountCents    int64
	Description    string
	IdempotencyKey string
}

type IntentResult struct {
	ID           string
	ClientSecret string
	Status       string
	AmountCents  int64
}

type RefundRequest struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	Metadata        map[string]string
	IdempotencyKey  string
}

type InvoiceItemRequest struct {
	CustomerID     string
	AmountCents    int64
	Description    string
	Metadata       map[string]string
	IdempotencyKey string
}

type InvoiceRequest struct {
	CustomerID     string
	Description    string
	DaysUntilDue   int64
	Metadata       map[string]string
	IdempotencyKey string
}

type InvoiceResult struct {
	ID        string
	Status    string
	HostedURL string
}

// StripeGateway implements Gateway with stripe-go.
type StripeGateway struct {
	sc       *stripe.Client
	currency string
}

// NewStripeGateway builds the gateway from a secret key.
func NewStripeGateway(secretKey string) *StripeGateway {
	return &StripeGateway{sc: stripe.NewClient(secretKey), currency: string(stripe.CurrencyUSD)}
}

func withKey(p *stripe.Params, key string) {
	if key != "" {
		p.SetIdempotencyKey(key)
	}
}

func (g *StripeGateway) CreateCustomer(ctx context.Context, req CustomerRequest) (string, error) {
	params := &stripe.CustomerCreateParams{
		Name:  stripe.String(req.Name),
		Email: stripe.String(req.Email),
	}
	if req.Phone != "" {
		params.Phone = stripe.String(req.Phone)
	}
	params.AddMetadata("member_id", req.MemberID)
	withKey(&params.Params, req.IdempotencyKey)
	c, err := g.sc.V1Customers.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripe create customer: %w", err)
	}
	return c.ID, nil
}

func (g *StripeGateway) DefaultPaymentMethod(ctx context.Context, customerID string) (string, error) {
	params := &stripe.CustomerRetrieveParams{}
	params.AddExpand("invoice_settings.default_payment_method")
	c, err := g.sc.V1Customers.Retrieve(ctx, customerID, params)
	if err != nil {
		return "", fmt.Errorf("stripe retrieve customer: %w", err)
	}
	if c.InvoiceSettings == nil || c.InvoiceSettings.DefaultPaymentMethod == nil {
		return "", fmt.Errorf("customer %s has no default payment method", customerID)
	}
	return c.InvoiceSettings.DefaultPaymentMethod.ID, nil
}

func (g *StripeGateway) ChargeOffSession(ctx context.Context, req ChargeRequest) (*ChargeResult, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(g.currency),
		Customer:      stripe.String(req.CustomerID),
		PaymentMethod: stripe.String(req.PaymentMethodID),
		Description:   stripe.String(req.Description),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
		Metadata:      req.Metadata,
	}
	if req.StatementSuffix != "" {
		params.StatementDescriptorSuffix = stripe.String(req.StatementSuffix)
	}
	withKey(&params.Params, req.IdempotencyKey)
	pi, err := g.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard {
			return nil, fmt.Errorf("%w: %s", ErrCardDeclined, se.Msg)
		}
		return nil, fmt.Errorf("stripe charge: %w", err)
	}
	return &ChargeResult{PaymentIntentID: pi.ID, Status: string(pi.Status)}, nil
}

func (g *StripeGateway) CreateDepositIntent(ctx context.Context, req DepositRequest) (*IntentResult, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:       stripe.Int64(req.AmountCents),
		Currency:     stripe.String(g.currency),
		Description:  stripe.String(req.Description),
		ReceiptEmail: stripe.String(req.Email),
		AutomaticPaymentMethods: &stripe.PaymentIntentCreateAutomaticPaymentMethodsParams{
			Enabled: stripe.Bool(true),
		},
		Metadata: map[string]string{"guest_booking_id": req.BookingID},
	}
	withKey(&params.Params, req.IdempotencyKey)
	pi, err := g.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripe deposit intent: %w", err)
	}
	return intentResult(pi), nil
}

func (g *StripeGateway) GetIntent(ctx context.Context, id string) (*IntentResult, error) {
	pi, err := g.sc.V1PaymentIntents.Retrieve(ctx, id, nil)
	if err != nil {
		return nil, fmt.Errorf("stripe retrieve intent: %w", err)
	}
	return intentResult(pi), nil
}

func intentResult(pi *stripe.PaymentIntent) *IntentResult {
	return &IntentResult{ID: pi.ID, ClientSecret: pi.ClientSecret, Status: string(pi.Status), AmountCents: pi.Amount}
}

func (g *StripeGateway) Refund(ctx context.Context, req RefundRequest) (string, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(req.PaymentIntentID),
		Amount:        stripe.Int64(req.AmountCents),
		Metadata:      req.Metadata,
	}
	if req.Reason != "" {
		params.Reason = stripe.String(req.Reason)
	}
	withKey(&params.Params, req.IdempotencyKey)
	r, err := g.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripe refund: %w", err)
	}
	return r.ID, nil
}

func (g *StripeGateway) AddInvoiceItem(ctx context.Context, req InvoiceItemRequest) (string, error) {
	params := &stripe.InvoiceItemCreateParams{
		Customer:    stripe.String(req.CustomerID),
		Amount:      stripe.Int64(req.AmountCents),
		Currency:    stripe.String(g.currency),
		Description: stripe.String(req.Description),
		Metadata:    req.Metadata,
	}
	withKey(&params.Params, req.IdempotencyKey)
	item, err := g.sc.V1InvoiceItems.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripe invoice item: %w", err)
	}
	return item.ID, nil
}

func (g *StripeGateway) CreateInvoice(ctx context.Context, req InvoiceRequest) (*InvoiceResult, error) {
	params := &stripe.InvoiceCreateParams{
		Customer:                    stripe.String(req.CustomerID),
		Description:                 stripe.String(req.Description),
		CollectionMethod:            stripe.String(string(stripe.InvoiceCollectionMethodSendInvoice)),
		DaysUntilDue:                stripe.Int64(req.DaysUntilDue),
		PendingInvoiceItemsBehavior: stripe.String("include"),
		Metadata:                    req.Metadata,
	}
	withKey(&params.Params, req.IdempotencyKey)
	inv, err := g.sc.V1Invoices.Create(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripe create invoice: %w", err)
	}
	return &InvoiceResult{ID: inv.ID, Status: string(inv.Status), HostedURL: inv.HostedInvoiceURL}, nil
}

func (g *StripeGateway) FinalizeInvoice(ctx context.Context, invoiceID, idempotencyKey string) (*InvoiceResult, error) {
	params := &stripe.InvoiceFinalizeInvoiceParams{AutoAdvance: stripe.Bool(true)}
	withKey(&params.Params, idempotencyKey)
	inv, err := g.sc.V1Invoices.FinalizeInvoice(ctx, invoiceID, params)
	if err != nil {
		return nil, fmt.Errorf("stripe finalize invoice: %w", err)
	}
	return &InvoiceResult{ID: inv.ID, Status: string(inv.Status), HostedURL: inv.HostedInvoiceURL}, nil
}
