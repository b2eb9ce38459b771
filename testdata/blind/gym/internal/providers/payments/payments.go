// Package payments wraps Stripe for the charges and transfers the gym makes.
package payments

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"
)

// ErrDeclined is returned when the card was declined or needs the member to
// take action; the result still carries the PaymentIntent ID.
var ErrDeclined = errors.New("payments: charge declined")

type ChargeRequest struct {
	CustomerID     string
	AmountCents    int64
	Currency       string
	Description    string
	IdempotencyKey string
	Metadata       map[string]string
}

type ChargeResult struct {
	IntentID    string
	Status      string
	FailureCode string
}

type TransferRequest struct {
	DestinationAccount string
	AmountCents        int64
	Currency           string
	TransferGroup      string
	Description        string
	IdempotencyKey     string
	Metadata           map[string]string
}

type CustomerRequest struct {
	MemberID       string
	Email          string
	Name           string
	IdempotencyKey string
}

// Gateway is what the services need from the payment processor.
type Gateway interface {
	EnsureCustomer(ctx context.Context, req CustomerRequest) (string, error)
	Charge(ctx context.Context, req ChargeRequest) (ChargeResult, error)
	Transfer(ctx context.Context, req TransferRequest) (string, error)
}

type StripeGateway struct {
	sc *stripe.Client
}

func NewStripeGateway(apiKey string) *StripeGateway {
	return &StripeGateway{sc: stripe.NewClient(apiKey)}
}

func (g *StripeGateway) EnsureCustomer(ctx context.Context, req CustomerRequest) (string, error) {
	params := &stripe.CustomerCreateParams{
		Email: stripe.String(req.Email),
		Name:  stripe.String(req.Name),
	}
	params.AddMetadata("member_id", req.MemberID)
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	cust, err := g.sc.V1Customers.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripe: create customer: %w", err)
	}
	return cust.ID, nil
}

// Charge creates and confirms an off-session PaymentIntent against the
// customer's default payment method.
func (g *StripeGateway) Charge(ctx context.Context, req ChargeRequest) (ChargeResult, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:      stripe.Int64(req.AmountCents),
		Currency:    stripe.String(req.Currency),
		Customer:    stripe.String(req.CustomerID),
		Description: stripe.String(req.Description),
		Confirm:     stripe.Bool(true),
		OffSession:  stripe.Bool(true),
	}
	for k, v := range req.Metadata {
		params.AddMetadata(k, v)
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	pi, err := g.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		var serr *stripe.Error
		if errors.As(err, &serr) && serr.Type == stripe.ErrorTypeCard {
			res := ChargeResult{Status: "failed", FailureCode: string(serr.Code)}
			if serr.PaymentIntent != nil {
				res.IntentID = serr.PaymentIntent.ID
			}
			return res, ErrDeclined
		}
		return ChargeResult{}, fmt.Errorf("stripe: create payment intent: %w", err)
	}
	res := ChargeResult{IntentID: pi.ID, Status: string(pi.Status)}
	switch pi.Status {
	case stripe.PaymentIntentStatusSucceeded, stripe.PaymentIntentStatusProcessing:
		return res, nil
	default:
		if pi.LastPaymentError != nil {
			res.FailureCode = string(pi.LastPaymentError.Code)
		}
		return res, ErrDeclined
	}
}

// Transfer moves funds to a connected account (trainer payouts).
func (g *StripeGateway) Transfer(ctx context.Context, req TransferRequest) (string, error) {
	params := &stripe.TransferCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		Destination:   stripe.String(req.DestinationAccount),
		TransferGroup: stripe.String(req.TransferGroup),
		Description:   stripe.String(req.Description),
	}
	for k, v := range req.Metadata {
		params.AddMetadata(k, v)
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	tr, err := g.sc.V1Transfers.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripe: create transfer: %w", err)
	}
	return tr.ID, nil
}
