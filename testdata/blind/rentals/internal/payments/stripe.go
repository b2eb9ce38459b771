package payments

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/stripe/stripe-go/v82"

	"github.com/gearloop/rentals/internal/config"
)

// StripeGateway implements Gateway with stripe-go.
type StripeGateway struct {
	sc *stripe.Client
}

// NewStripeGateway builds the gateway. stripe-go's own network retries are
// disabled; retries are done here so they share the outbound policy.
func NewStripeGateway(cfg *config.Config) *StripeGateway {
	backends := stripe.NewBackendsWithConfig(&stripe.BackendConfig{
		MaxNetworkRetries: stripe.Int64(0),
		HTTPClient:        &http.Client{Timeout: 30 * time.Second},
	})
	return &StripeGateway{sc: stripe.NewClient(cfg.StripeSecretKey, stripe.WithBackends(backends))}
}

func retryableStripe(err error) bool {
	var se *stripe.Error
	if errors.As(err, &se) {
		return se.HTTPStatusCode == http.StatusTooManyRequests || se.HTTPStatusCode >= 500 ||
			se.HTTPStatusCode == http.StatusConflict
	}
	return !errors.Is(err, context.Canceled)
}

func withRetry[T any](ctx context.Context, fn func() (T, error)) (T, error) {
	return retry.DoWithData(fn,
		retry.Context(ctx),
		retry.Attempts(3),
		retry.Delay(250*time.Millisecond),
		retry.RetryIf(retryableStripe),
		retry.LastErrorOnly(true),
	)
}

func setKey(p *stripe.Params, key string) {
	if key != "" {
		p.SetIdempotencyKey(key)
	}
}

// AuthorizeDeposit creates and confirms a manual-capture PaymentIntent.
func (g *StripeGateway) AuthorizeDeposit(ctx context.Context, req AuthorizeRequest) (Authorization, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		Customer:      stripe.String(req.CustomerID),
		PaymentMethod: stripe.String(req.PaymentMethod),
		CaptureMethod: stripe.String(string(stripe.PaymentIntentCaptureMethodManual)),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
		Description:   stripe.String("Security deposit for booking " + req.BookingID),
	}
	params.AddMetadata("booking_id", req.BookingID)
	params.AddMetadata("purpose", "deposit")
	setKey(&params.Params, req.IdempotencyKey)

	pi, err := withRetry(ctx, func() (*stripe.PaymentIntent, error) {
		return g.sc.V1PaymentIntents.Create(ctx, params)
	})
	if err != nil {
		return Authorization{}, fmt.Errorf("authorize deposit: %w", err)
	}
	return Authorization{PaymentIntentID: pi.ID, Status: string(pi.Status)}, nil
}

// CaptureDeposit captures AmountCents of an authorised deposit.
func (g *StripeGateway) CaptureDeposit(ctx context.Context, req CaptureRequest) (string, error) {
	params := &stripe.PaymentIntentCaptureParams{
		AmountToCapture: stripe.Int64(req.AmountCents),
		FinalCapture:    stripe.Bool(req.Final),
	}
	setKey(&params.Params, req.IdempotencyKey)
	pi, err := withRetry(ctx, func() (*stripe.PaymentIntent, error) {
		return g.sc.V1PaymentIntents.Capture(ctx, req.PaymentIntentID, params)
	})
	if err != nil {
		return "", fmt.Errorf("capture deposit: %w", err)
	}
	if pi.LatestCharge != nil {
		return pi.LatestCharge.ID, nil
	}
	return pi.ID, nil
}

// ReleaseDeposit cancels the deposit's PaymentIntent, dropping the hold.
func (g *StripeGateway) ReleaseDeposit(ctx context.Context, paymentIntentID, idempotencyKey string) error {
	params := &stripe.PaymentIntentCancelParams{
		CancellationReason: stripe.String(string(stripe.PaymentIntentCancellationReasonRequestedByCustomer)),
	}
	setKey(&params.Params, idempotencyKey)
	_, err := withRetry(ctx, func() (*stripe.PaymentIntent, error) {
		return g.sc.V1PaymentIntents.Cancel(ctx, paymentIntentID, params)
	})
	if err != nil {
		return fmt.Errorf("release deposit: %w", err)
	}
	return nil
}

// Refund refunds part of a rental payment.
func (g *StripeGateway) Refund(ctx context.Context, req RefundRequest) (string, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(req.PaymentIntentID),
		Amount:        stripe.Int64(req.AmountCents),
		Reason:        stripe.String(string(stripe.RefundReasonRequestedByCustomer)),
	}
	params.AddMetadata("booking_id", req.BookingID)
	params.AddMetadata("reason", req.Reason)
	setKey(&params.Params, req.IdempotencyKey)
	rf, err := withRetry(ctx, func() (*stripe.Refund, error) {
		return g.sc.V1Refunds.Create(ctx, params)
	})
	if err != nil {
		return "", fmt.Errorf("refund: %w", err)
	}
	return rf.ID, nil
}

// Transfer sends funds to a connected account.
func (g *StripeGateway) Transfer(ctx context.Context, req TransferRequest, opts ...CallOption) (string, error) {
	cfg := applyOptions(opts)
	params := &stripe.TransferCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		Destination:   stripe.String(req.DestinationAccount),
		TransferGroup: stripe.String(req.TransferGroup),
		Description:   stripe.String(req.Description),
		Metadata:      cfg.metadata,
	}
	setKey(&params.Params, cfg.idempotencyKey)
	tr, err := withRetry(ctx, func() (*stripe.Transfer, error) {
		return g.sc.V1Transfers.Create(ctx, params)
	})
	if err != nil {
		return "", fmt.Errorf("transfer: %w", err)
	}
	return tr.ID, nil
}

// CreateConnectAccount creates an Express account for an owner.
func (g *StripeGateway) CreateConnectAccount(ctx context.Context, req AccountRequest, opts ...CallOption) (string, error) {
	cfg := applyOptions(opts)
	params := &stripe.AccountCreateParams{
		Type:    stripe.String(string(stripe.AccountTypeExpress)),
		Email:   stripe.String(req.Email),
		Country: stripe.String(req.Country),
		Capabilities: &stripe.AccountCreateCapabilitiesParams{
			Transfers: &stripe.AccountCreateCapabilitiesTransfersParams{Requested: stripe.Bool(true)},
		},
		Metadata: map[string]string{"user_id": req.UserID},
	}
	for k, v := range cfg.metadata {
		params.Metadata[k] = v
	}
	setKey(&params.Params, cfg.idempotencyKey)
	acct, err := withRetry(ctx, func() (*stripe.Account, error) {
		return g.sc.V1Accounts.Create(ctx, params)
	})
	if err != nil {
		return "", fmt.Errorf("create connect account: %w", err)
	}
	return acct.ID, nil
}
