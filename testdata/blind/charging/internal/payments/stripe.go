package payments

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/stripe/stripe-go/v82"
)

// StripeGateway implements Gateway on Stripe PaymentIntents.
type StripeGateway struct {
	sc *stripe.Client
}

// NewStripeGateway builds the gateway from a secret key.
func NewStripeGateway(secretKey string) *StripeGateway {
	return &StripeGateway{sc: stripe.NewClient(secretKey)}
}

// CreateHold creates and confirms a manual-capture PaymentIntent.
func (g *StripeGateway) CreateHold(ctx context.Context, req HoldRequest) (Intent, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		Customer:      stripe.String(req.CustomerID),
		PaymentMethod: stripe.String(req.PaymentMethodID),
		CaptureMethod: stripe.String(string(stripe.PaymentIntentCaptureMethodManual)),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
		Description:   stripe.String(req.Description),
		Metadata:      req.Metadata,
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	pi, err := g.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return Intent{}, mapErr("create hold", err)
	}
	return toIntent(pi), nil
}

// Capture captures amountCents of a held PaymentIntent.
func (g *StripeGateway) Capture(ctx context.Context, intentID string, amountCents int64, idempotencyKey string) (Intent, error) {
	params := &stripe.PaymentIntentCaptureParams{AmountToCapture: stripe.Int64(amountCents)}
	if idempotencyKey != "" {
		params.SetIdempotencyKey(idempotencyKey)
	}
	pi, err := g.sc.V1PaymentIntents.Capture(ctx, intentID, params)
	if err != nil {
		return Intent{}, mapErr("capture", err)
	}
	return toIntent(pi), nil
}

// CancelHold releases an uncaptured hold.
func (g *StripeGateway) CancelHold(ctx context.Context, intentID, idempotencyKey string) (Intent, error) {
	params := &stripe.PaymentIntentCancelParams{CancellationReason: stripe.String("abandoned")}
	if idempotencyKey != "" {
		params.SetIdempotencyKey(idempotencyKey)
	}
	pi, err := g.sc.V1PaymentIntents.Cancel(ctx, intentID, params)
	if err != nil {
		return Intent{}, mapErr("cancel hold", err)
	}
	return toIntent(pi), nil
}

// Charge creates and confirms an automatic-capture PaymentIntent.
func (g *StripeGateway) Charge(ctx context.Context, req ChargeRequest) (Intent, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		Customer:      stripe.String(req.CustomerID),
		PaymentMethod: stripe.String(req.PaymentMethodID),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
		Description:   stripe.String(req.Description),
		Metadata:      req.Metadata,
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	pi, err := g.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return Intent{}, mapErr("charge", err)
	}
	return toIntent(pi), nil
}

// Refund refunds a PaymentIntent.
func (g *StripeGateway) Refund(ctx context.Context, req RefundRequest) (Refund, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(req.PaymentIntentID),
		Amount:        stripe.Int64(req.AmountCents),
		Metadata:      req.Metadata,
	}
	if req.Reason != "" {
		params.Reason = stripe.String(req.Reason)
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	r, err := g.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return Refund{}, mapErr("refund", err)
	}
	return Refund{ID: r.ID, Status: string(r.Status), AmountCents: r.Amount}, nil
}

func toIntent(pi *stripe.PaymentIntent) Intent {
	return Intent{
		ID:             pi.ID,
		Status:         string(pi.Status),
		AmountCents:    pi.Amount,
		CapturedCents:  pi.AmountReceived,
		RequiresAction: pi.Status == stripe.PaymentIntentStatusRequiresAction,
	}
}

func mapErr(op string, err error) error {
	var se *stripe.Error
	if errors.As(err, &se) {
		switch {
		case se.Type == stripe.ErrorTypeCard:
			return fmt.Errorf("%s: %w: %s", op, ErrCardDeclined, se.Msg)
		case se.HTTPStatusCode == http.StatusTooManyRequests || se.HTTPStatusCode >= 500:
			return fmt.Errorf("%s: %w: %v", op, ErrRetryable, err)
		}
	}
	return fmt.Errorf("%s: %w", op, err)
}
