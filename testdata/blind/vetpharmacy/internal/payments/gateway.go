// Package payments wraps Stripe behind the small surface the pharmacy uses.
package payments

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"
)

type Gateway interface {
	EnsureCustomer(ctx context.Context, c CustomerRequest) (string, error)
	CreatePaymentIntent(ctx context.Context, req IntentRequest) (*Intent, error)
	Refund(ctx context.Context, req RefundRequest) (*RefundResult, error)
}

type CustomerRequest struct {
	OwnerID string
	Email   string
	Name    string
}

type IntentRequest struct {
	IdempotencyKey string
	OrderID        string
	CustomerID     string
	PaymentMethod  string
	AmountCents    int64
	Currency       string
	Description    string
}

type Intent struct {
	ID           string
	Status       string
	ClientSecret string
}

type RefundRequest struct {
	IdempotencyKey  string
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	OrderID         string
}

type RefundResult struct {
	ID     string
	Status string
}

// CardDeclinedError is returned when Stripe reports a card error; callers
// surface it to the owner instead of retrying.
type CardDeclinedError struct {
	Code    string
	Message string
}

func (e *CardDeclinedError) Error() string { return "card declined: " + e.Message }

type StripeGateway struct {
	sc *stripe.Client
}

func NewStripeGateway(sc *stripe.Client) *StripeGateway {
	return &StripeGateway{sc: sc}
}

func (g *StripeGateway) EnsureCustomer(ctx context.Context, c CustomerRequest) (string, error) {
	params := &stripe.CustomerCreateParams{
		Email: stripe.String(c.Email),
		Name:  stripe.String(c.Name),
	}
	params.AddMetadata("owner_id", c.OwnerID)
	// One Stripe customer per owner, however many times checkout races here.
	params.SetIdempotencyKey("customer:" + c.OwnerID)
	cust, err := g.sc.V1Customers.Create(ctx, params)
	if err != nil {
		return "", translate(err)
	}
	return cust.ID, nil
}

func (g *StripeGateway) CreatePaymentIntent(ctx context.Context, req IntentRequest) (*Intent, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		Customer:      stripe.String(req.CustomerID),
		PaymentMethod: stripe.String(req.PaymentMethod),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
		Description:   stripe.String(req.Description),
	}
	params.AddMetadata("order_id", req.OrderID)
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	pi, err := g.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return nil, translate(err)
	}
	return &Intent{ID: pi.ID, Status: string(pi.Status), ClientSecret: pi.ClientSecret}, nil
}

func (g *StripeGateway) Refund(ctx context.Context, req RefundRequest) (*RefundResult, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(req.PaymentIntentID),
		Amount:        stripe.Int64(req.AmountCents),
	}
	if req.Reason != "" {
		params.Reason = stripe.String(req.Reason)
	}
	params.AddMetadata("order_id", req.OrderID)
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	r, err := g.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return nil, translate(err)
	}
	return &RefundResult{ID: r.ID, Status: string(r.Status)}, nil
}

func translate(err error) error {
	var se *stripe.Error
	if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard {
		return &CardDeclinedError{Code: string(se.Code), Message: se.Msg}
	}
	return fmt.Errorf("stripe: %w", err)
}
