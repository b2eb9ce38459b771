// Package payments wraps stripe-go for filing fees.
//
// Fees are authorized (capture_method=manual) when the attorney pays, captured
// when the clerk accepts the envelope and released when it is rejected.
// Stripe deduplicates every POST on the Idempotency-Key header for 24 hours.
package payments

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"
)

// Intent is the subset of a PaymentIntent the rest of the service reads.
type Intent struct {
	ID               string
	Status           string
	AmountCents      int64
	AmountCapturable int64
	AmountReceived   int64
}

// Refund is the subset of a Stripe refund we keep.
type Refund struct {
	ID          string
	AmountCents int64
	Status      string
}

// AuthorizeInput places a hold for a filing fee.
type AuthorizeInput struct {
	Customer       string
	PaymentMethod  string
	AmountCents    int64
	Description    string
	Metadata       map[string]string
	IdempotencyKey string
}

// OffSessionCharge charges a saved card without the attorney present.
type OffSessionCharge struct {
	Customer      string
	PaymentMethod string
	AmountCents   int64
	Description   string
	Metadata      map[string]string
}

// ErrCardDeclined is returned when the issuer declines.
var ErrCardDeclined = errors.New("payments: card declined")

// Stripe implements fee operations on a stripe.Client.
type Stripe struct {
	sc *stripe.Client
}

// NewStripe returns a Stripe wrapper.
func NewStripe(sc *stripe.Client) *Stripe { return &Stripe{sc: sc} }

// NewStripeClient builds the stripe-go client from a secret key.
func NewStripeClient(secretKey string) *stripe.Client {
	return stripe.NewClient(secretKey)
}

// Authorize creates and confirms a manual-capture PaymentIntent.
func (s *Stripe) Authorize(ctx context.Context, in AuthorizeInput) (*Intent, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(in.AmountCents),
		Currency:      stripe.String(string(stripe.CurrencyUSD)),
		Customer:      stripe.String(in.Customer),
		PaymentMethod: stripe.String(in.PaymentMethod),
		CaptureMethod: stripe.String(string(stripe.PaymentIntentCaptureMethodManual)),
		Confirm:       stripe.Bool(true),
		Description:   stripe.String(in.Description),
		Metadata:      in.Metadata,
	}
	if in.IdempotencyKey != "" {
		params.SetIdempotencyKey(in.IdempotencyKey)
	}
	pi, err := s.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return nil, mapErr(err)
	}
	return toIntent(pi), nil
}

// Capture captures an authorized PaymentIntent in full.
func (s *Stripe) Capture(ctx context.Context, intentID, idempotencyKey string) (*Intent, error) {
	params := &stripe.PaymentIntentCaptureParams{}
	params.SetIdempotencyKey(idempotencyKey)
	pi, err := s.sc.V1PaymentIntents.Capture(ctx, intentID, params)
	if err != nil {
		return nil, mapErr(err)
	}
	return toIntent(pi), nil
}

// Release cancels an uncaptured PaymentIntent, dropping the hold.
func (s *Stripe) Release(ctx context.Context, intentID, idempotencyKey string) (*Intent, error) {
	params := &stripe.PaymentIntentCancelParams{
		CancellationReason: stripe.String(string(stripe.PaymentIntentCancellationReasonAbandoned)),
	}
	params.SetIdempotencyKey(idempotencyKey)
	pi, err := s.sc.V1PaymentIntents.Cancel(ctx, intentID, params)
	if err != nil {
		return nil, mapErr(err)
	}
	return toIntent(pi), nil
}

// ChargeOffSession charges a saved payment method immediately.
func (s *Stripe) ChargeOffSession(ctx context.Context, in OffSessionCharge) (*Intent, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(in.AmountCents),
		Currency:      stripe.String(string(stripe.CurrencyUSD)),
		Customer:      stripe.String(in.Customer),
		PaymentMethod: stripe.String(in.PaymentMethod),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
		Description:   stripe.String(in.Description),
		Metadata:      in.Metadata,
	}
	pi, err := s.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return nil, mapErr(err)
	}
	return toIntent(pi), nil
}

// Refund refunds part or all of a captured PaymentIntent.
func (s *Stripe) Refund(ctx context.Context, intentID string, amountCents int64, idempotencyKey string) (*Refund, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(intentID),
		Amount:        stripe.Int64(amountCents),
		Reason:        stripe.String(string(stripe.RefundReasonRequestedByCustomer)),
	}
	params.SetIdempotencyKey(idempotencyKey)
	r, err := s.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return nil, mapErr(err)
	}
	return &Refund{ID: r.ID, AmountCents: r.Amount, Status: string(r.Status)}, nil
}

func toIntent(pi *stripe.PaymentIntent) *Intent {
	return &Intent{
		ID:               pi.ID,
		Status:           string(pi.Status),
		AmountCents:      pi.Amount,
		AmountCapturable: pi.AmountCapturable,
		AmountReceived:   pi.AmountReceived,
	}
}

func mapErr(err error) error {
	var se *stripe.Error
	if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard {
		return fmt.Errorf("%w: %s", ErrCardDeclined, se.Msg)
	}
	return fmt.Errorf("payments: %w", err)
}
