// Package stripepay is the payments adapter over stripe-go.
package stripepay

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/wire"
	"github.com/stripe/stripe-go/v82"

	"github.com/tradeloop/homeservices/internal/config"
	"github.com/tradeloop/homeservices/internal/platform/retry"
)

// ProviderSet provides the Gateway (retrying) and the webhook parser.
var ProviderSet = wire.NewSet(NewConfig, NewClient, NewGateway, NewEventParser)

// Config holds Stripe credentials.
type Config struct {
	SecretKey     string
	WebhookSecret string
}

// NewConfig extracts Stripe settings from the app config.
func NewConfig(c *config.Config) Config {
	return Config{SecretKey: c.StripeSecretKey, WebhookSecret: c.StripeWebhookSecret}
}

// HoldRequest authorises (but does not capture) a deposit.
type HoldRequest struct {
	StripeCustomerID string
	PaymentMethodID  string
	AmountCents      int64
	Currency         string
	Description      string
	JobID            string
	QuoteID          string
	IdempotencyKey   string
}

// Hold is an authorised PaymentIntent.
type Hold struct {
	PaymentIntentID string
	Status          string
	ExpiresAt       time.Time
}

// CaptureRequest captures a previously authorised PaymentIntent.
type CaptureRequest struct {
	PaymentIntentID string
	AmountCents     int64
	IdempotencyKey  string
}

// CancelRequest releases an uncaptured PaymentIntent.
type CancelRequest struct {
	PaymentIntentID string
	Reason          string
	IdempotencyKey  string
}

// RefundRequest refunds a captured PaymentIntent.
type RefundRequest struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	Metadata        map[string]string
	IdempotencyKey  string
}

// RefundResult is the created refund.
type RefundResult struct {
	ID     string
	Status string
}

// TransferRequest moves funds to a technician's connected account.
type TransferRequest struct {
	DestinationAccount string
	AmountCents        int64
	Currency           string
	TransferGroup      string
	Metadata           map[string]string
	IdempotencyKey     string
}

// TransferResult is the created transfer.
type TransferResult struct {
	ID string
}

// Gateway is what the services use to move money.
type Gateway interface {
	AuthorizeDeposit(ctx context.Context, req HoldRequest) (*Hold, error)
	Capture(ctx context.Context, req CaptureRequest) (*Hold, error)
	CancelHold(ctx context.Context, req CancelRequest) error
	Refund(ctx context.Context, req RefundRequest) (*RefundResult, error)
	Transfer(ctx context.Context, req TransferRequest) (*TransferResult, error)
}

// authorizationWindow is how long card networks keep an uncaptured
// authorisation; we release a little before that.
const authorizationWindow = 6*24*time.Hour + 12*time.Hour

// Client implements Gateway with stripe-go.
type Client struct {
	sc *stripe.Client
}

// NewClient builds a Client.
func NewClient(cfg Config) *Client {
	return &Client{sc: stripe.NewClient(cfg.SecretKey)}
}

// NewGateway returns the Client wrapped in the shared retry decorator.
func NewGateway(c *Client) Gateway {
	p := retry.DefaultPolicy()
	p.Retryable = Retryable
	return WithRetry(c, p)
}

func setKey(p *stripe.Params, key string) {
	if key != "" {
		p.SetIdempotencyKey(key)
	}
}

// AuthorizeDeposit creates and confirms a manual-capture PaymentIntent off session.
func (c *Client) AuthorizeDeposit(ctx context.Context, req HoldRequest) (*Hold, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		Customer:      stripe.String(req.StripeCustomerID),
		PaymentMethod: stripe.String(req.PaymentMethodID),
		CaptureMethod: stripe.String(string(stripe.PaymentIntentCaptureMethodManual)),
		Confirm:       stripe.Bool(true),
		OffSession:    stripe.Bool(true),
		Description:   stripe.String(req.Description),
	}
	params.AddMetadata("job_id", req.JobID)
	params.AddMetadata("quote_id", req.QuoteID)
	setKey(&params.Params, req.IdempotencyKey)

	pi, err := c.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripe: create payment intent: %w", err)
	}
	if pi.Status != stripe.PaymentIntentStatusRequiresCapture {
		return nil, fmt.Errorf("stripe: payment intent %s in status %s", pi.ID, pi.Status)
	}
	return &Hold{
		PaymentIntentID: pi.ID,
		Status:          string(pi.Status),
		ExpiresAt:       time.Unix(pi.Created, 0).Add(authorizationWindow),
	}, nil
}

// Capture captures an authorised PaymentIntent.
func (c *Client) Capture(ctx context.Context, req CaptureRequest) (*Hold, error) {
	params := &stripe.PaymentIntentCaptureParams{}
	if req.AmountCents > 0 {
		params.AmountToCapture = stripe.Int64(req.AmountCents)
	}
	setKey(&params.Params, req.IdempotencyKey)
	pi, err := c.sc.V1PaymentIntents.Capture(ctx, req.PaymentIntentID, params)
	if err != nil {
		return nil, fmt.Errorf("stripe: capture %s: %w", req.PaymentIntentID, err)
	}
	return &Hold{PaymentIntentID: pi.ID, Status: string(pi.Status)}, nil
}

// CancelHold cancels an uncaptured PaymentIntent.
func (c *Client) CancelHold(ctx context.Context, req CancelRequest) error {
	params := &stripe.PaymentIntentCancelParams{}
	if req.Reason != "" {
		params.CancellationReason = stripe.String(req.Reason)
	}
	setKey(&params.Params, req.IdempotencyKey)
	if _, err := c.sc.V1PaymentIntents.Cancel(ctx, req.PaymentIntentID, params); err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.Code == stripe.ErrorCodePaymentIntentUnexpectedState {
			return nil
		}
		return fmt.Errorf("stripe: cancel %s: %w", req.PaymentIntentID, err)
	}
	return nil
}

// Refund refunds part or all of a captured PaymentIntent.
func (c *Client) Refund(ctx context.Context, req RefundRequest) (*RefundResult, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(req.PaymentIntentID),
		Amount:        stripe.Int64(req.AmountCents),
	}
	if req.Reason != "" {
		params.Reason = stripe.String(req.Reason)
	}
	for k, v := range req.Metadata {
		params.AddMetadata(k, v)
	}
	setKey(&params.Params, req.IdempotencyKey)
	r, err := c.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripe: refund %s: %w", req.PaymentIntentID, err)
	}
	return &RefundResult{ID: r.ID, Status: string(r.Status)}, nil
}

// Transfer sends funds to a connected account.
func (c *Client) Transfer(ctx context.Context, req TransferRequest) (*TransferResult, error) {
	params := &stripe.TransferCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		Destination:   stripe.String(req.DestinationAccount),
		TransferGroup: stripe.String(req.TransferGroup),
	}
	for k, v := range req.Metadata {
		params.AddMetadata(k, v)
	}
	setKey(&params.Params, req.IdempotencyKey)
	t, err := c.sc.V1Transfers.Create(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripe: transfer to %s: %w", req.DestinationAccount, err)
	}
	return &TransferResult{ID: t.ID}, nil
}

// Retryable retries rate limits, server errors and network failures.
func Retryable(err error) bool {
	var se *stripe.Error
	if errors.As(err, &se) {
		return se.HTTPStatusCode == 429 || se.HTTPStatusCode >= 500
	}
	return retry.IsTransient(err)
}
