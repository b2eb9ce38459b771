package payments

import (
	"context"
	"errors"
	"fmt"

	"github.com/stripe/stripe-go/v82"
)

// Stripe implements Gateway with stripe-go.
type Stripe struct {
	sc *stripe.Client
}

// NewStripe returns the adapter.
func NewStripe(secretKey string) *Stripe {
	return &Stripe{sc: stripe.NewClient(secretKey)}
}

func withKey(p *stripe.Params, operationID string) {
	if operationID != "" {
		p.SetIdempotencyKey(operationID)
	}
}

// CreateDeposit implements Gateway.
func (s *Stripe) CreateDeposit(ctx context.Context, req DepositRequest) (*Intent, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:             stripe.Int64(req.AmountCents),
		Currency:           stripe.String(req.Currency),
		Customer:           stripe.String(req.CustomerID),
		PaymentMethod:      stripe.String(req.PaymentMethodID),
		Description:        stripe.String(req.Description),
		Confirm:            stripe.Bool(true),
		OffSession:         stripe.Bool(true),
		PaymentMethodTypes: stripe.StringSlice([]string{"card"}),
		Metadata:           req.Metadata,
	}
	withKey(&params.Params, req.OperationID)
	pi, err := s.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return nil, wrap("create deposit", err)
	}
	return toIntent(pi), nil
}

// Charge implements Gateway.
func (s *Stripe) Charge(ctx context.Context, req ChargeRequest) (*Intent, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:             stripe.Int64(req.AmountCents),
		Currency:           stripe.String(req.Currency),
		Customer:           stripe.String(req.CustomerID),
		PaymentMethod:      stripe.String(req.PaymentMethodID),
		Description:        stripe.String(req.Description),
		Confirm:            stripe.Bool(true),
		OffSession:         stripe.Bool(true),
		PaymentMethodTypes: stripe.StringSlice([]string{"card"}),
		Metadata:           req.Metadata,
	}
	if req.StatementSuffix != "" {
		params.StatementDescriptorSuffix = stripe.String(req.StatementSuffix)
	}
	withKey(&params.Params, req.OperationID)
	pi, err := s.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return nil, wrap("charge", err)
	}
	return toIntent(pi), nil
}

// Refund implements Gateway.
func (s *Stripe) Refund(ctx context.Context, req RefundRequest) (*RefundResult, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(req.PaymentIntentID),
		Metadata:      req.Metadata,
	}
	if req.AmountCents > 0 {
		params.Amount = stripe.Int64(req.AmountCents)
	}
	if req.Reason != "" {
		params.Reason = stripe.String(req.Reason)
	}
	withKey(&params.Params, req.OperationID)
	r, err := s.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return nil, wrap("refund", err)
	}
	return &RefundResult{ID: r.ID, Status: string(r.Status)}, nil
}

// Transfer implements Gateway.
func (s *Stripe) Transfer(ctx context.Context, req TransferRequest) (*TransferResult, error) {
	params := &stripe.TransferCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		Destination:   stripe.String(req.Destination),
		TransferGroup: stripe.String(req.TransferGroup),
		Description:   stripe.String(req.Description),
		Metadata:      req.Metadata,
	}
	withKey(&params.Params, req.OperationID)
	t, err := s.sc.V1Transfers.Create(ctx, params)
	if err != nil {
		return nil, wrap("transfer", err)
	}
	return &TransferResult{ID: t.ID}, nil
}

func toIntent(pi *stripe.PaymentIntent) *Intent {
	return &Intent{ID: pi.ID, Status: string(pi.Status), AmountCents: pi.Amount, ClientSecret: pi.ClientSecret}
}

// DeclinedError is a card decline; retrying will not help.
type DeclinedError struct {
	Code    string
	Message string
}

func (e *DeclinedError) Error() string { return "card declined: " + e.Code + ": " + e.Message }

func wrap(op string, err error) error {
	var se *stripe.Error
	if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard {
		return &DeclinedError{Code: string(se.Code), Message: se.Msg}
	}
	return fmt.Errorf("stripe %s: %w", op, err)
}
