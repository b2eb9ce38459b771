// Package payments wraps the Stripe API calls the pharmacy makes: customers,
// saved cards, off-session copay charges and refunds.
package payments

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"
)

type Gateway struct {
	sc *stripe.Client
}

func NewGateway(secretKey string) *Gateway {
	return &Gateway{sc: stripe.NewClient(secretKey)}
}

type CustomerInput struct {
	PatientID      string
	Email          string
	Name           string
	Phone          string
	IdempotencyKey string
}

func (g *Gateway) CreateCustomer(ctx context.Context, in CustomerInput) (string, error) {
	params := &stripe.CustomerCreateParams{
		Email:    stripe.String(in.Email),
		Name:     stripe.String(in.Name),
		Metadata: map[string]string{"patient_id": in.PatientID},
	}
	if in.Phone != "" {
		params.Phone = stripe.String(in.Phone)
	}
	if in.IdempotencyKey != "" {
		params.SetIdempotencyKey(in.IdempotencyKey)
	}
	cust, err := g.sc.V1Customers.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripe: create customer: %w", err)
	}
	return cust.ID, nil
}

// AttachPaymentMethod attaches a card collected by Stripe Elements to the
// customer. Attaching a card already on the same customer is a no-op.
func (g *Gateway) AttachPaymentMethod(ctx context.Context, paymentMethodID, customerID string) error {
	_, err := g.sc.V1PaymentMethods.Attach(ctx, paymentMethodID, &stripe.PaymentMethodAttachParams{
		Customer: stripe.String(customerID),
	})
	if err != nil {
		return fmt.Errorf("stripe: attach payment method: %w", err)
	}
	return nil
}

type ChargeInput struct {
	CustomerID      string
	PaymentMethodID string
	AmountCents     int64
	Currency        string
	Description     string
	Metadata        map[string]string
	IdempotencyKey  string
}

type ChargeResult struct {
	PaymentIntentID string
	Status          string
	FailureCode     string
}

// Succeeded reports a captured charge.
func (r *ChargeResult) Succeeded() bool {
	return r.Status == string(stripe.PaymentIntentStatusSucceeded)
}

// ErrDeclined wraps a card decline; the result still carries the intent.
var ErrDeclined = errors.New("card declined")

// ChargeOffSession creates and confirms a PaymentIntent against a saved
// card without the patient present.
func (g *Gateway) ChargeOffSession(ctx context.Context, in ChargeInput) (*ChargeResult, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(in.AmountCents),
		Currency:      stripe.String(in.Currency),
		Customer:      stripe.String(in.CustomerID),
		PaymentMethod: stripe.String(in.PaymentMethodID),
		Description:   stripe.String(in.Description),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
		Metadata:      in.Metadata,
	}
	if in.IdempotencyKey != "" {
		params.SetIdempotencyKey(in.IdempotencyKey)
	}
	pi, err := g.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard && se.PaymentIntent != nil {
			return &ChargeResult{
				PaymentIntentID: se.PaymentIntent.ID,
				Status:          string(se.PaymentIntent.Status),
				FailureCode:     string(se.DeclineCode),
			}, ErrDeclined
		}
		return nil, fmt.Errorf("stripe: create payment intent: %w", err)
	}
	return &ChargeResult{PaymentIntentID: pi.ID, Status: string(pi.Status)}, nil
}

type RefundInput struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	IdempotencyKey  string
}

func (g *Gateway) Refund(ctx context.Context, in RefundInput) (string, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(in.PaymentIntentID),
		Reason:        stripe.String(in.Reason),
		Metadata:      map[string]string{"source": "scriptline-refills"},
	}
	if in.AmountCents > 0 {
		params.Amount = stripe.Int64(in.AmountCents)
	}
	if in.IdempotencyKey != "" {
		params.SetIdempotencyKey(in.IdempotencyKey)
	}
	r, err := g.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripe: refund: %w", err)
	}
	return r.ID, nil
}
