// Package stripepay wraps stripe-go for card deposits, balance charges,
// refunds and supplier transfers.
//
// Every mutating call accepts an idempotency key. Stripe keeps keys for at
// least 24 hours and replays the original response for a repeated key, so
// callers that pass a key derived from one of our rows get exactly one
// PaymentIntent, Refund or Transfer per row.
package stripepay

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"
)

// Config configures the client.
type Config struct {
	SecretKey     string
	WebhookSecret string
	ReturnURL     string
	Timeout       time.Duration
}

// Client is the narrow Stripe surface the services use.
type Client struct {
	sc            *stripe.Client
	webhookSecret string
	returnURL     string
}

// New builds a Client.
func New(cfg Config) *Client {
	timeout := cfg.Timeout
	if timeout == 0 {
		timeout = 30 * time.Second
	}
	backends := stripe.NewBackends(&http.Client{Timeout: timeout})
	return &Client{
		sc:            stripe.NewClient(cfg.SecretKey, stripe.WithBackends(backends)),
		webhookSecret: cfg.WebhookSecret,
		returnURL:     cfg.ReturnURL,
	}
}

// ChargeRequest describes a card charge.
type ChargeRequest struct {
	AmountCents     int64
	Currency        string
	CustomerID      string
	PaymentMethodID string
	Description     string
	// OffSession charges a saved card without the traveller present.
	OffSession bool
	// SaveCard keeps the card on the customer for the balance payment.
	SaveCard       bool
	Metadata       map[string]string
	IdempotencyKey string
}

// Intent is the subset of a PaymentIntent we store.
type Intent struct {
	ID           string
	Status       string
	ClientSecret string
}

// ErrCardDeclined is returned when the issuer declines the card.
var ErrCardDeclined = errors.New("stripepay: card declined")

// CreatePaymentIntent creates and confirms a PaymentIntent.
func (c *Client) CreatePaymentIntent(ctx context.Context, req ChargeRequest) (*Intent, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(req.AmountCents),
		Currency:      stripe.String(req.Currency),
		PaymentMethod: stripe.String(req.PaymentMethodID),
		Confirm:       stripe.Bool(true),
		Description:   stripe.String(req.Description),
	}
	if req.CustomerID != "" {
		params.Customer = stripe.String(req.CustomerID)
	}
	if req.OffSession {
		params.OffSession = stripe.Bool(true)
	} else if c.returnURL != "" {
		params.ReturnURL = stripe.String(c.returnURL)
	}
	if req.SaveCard {
		params.SetupFutureUsage = stripe.String(string(stripe.PaymentIntentSetupFutureUsageOffSession))
	}
	for k, v := range req.Metadata {
		params.AddMetadata(k, v)
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	pi, err := c.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return nil, translate(err)
	}
	return &Intent{ID: pi.ID, Status: string(pi.Status), ClientSecret: pi.ClientSecret}, nil
}

// RefundRequest describes a refund against a PaymentIntent.
type RefundRequest struct {
	PaymentIntentID string
	AmountCents     int64
	Reason          string
	Metadata        map[string]string
	IdempotencyKey  string
}

// RefundResult is the subset of a Refund we store.
type RefundResult struct {
	ID     string
	Status string
}

// Refund refunds part or all of a PaymentIntent.
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
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	rf, err := c.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return nil, translate(err)
	}
	return &RefundResult{ID: rf.ID, Status: string(rf.Status)}, nil
}

// TransferRequest describes a transfer to a connected account.
type TransferRequest struct {
	AmountCents    int64
	Currency       string
	Destination    string
	TransferGroup  string
	Metadata       map[string]string
	IdempotencyKey string
}

// Transfer moves funds to a supplier's connected account.
func (c *Client) Transfer(ctx context.Context, req TransferRequest) (string, error) {
	params := &stripe.TransferCreateParams{
		Amount:      stripe.Int64(req.AmountCents),
		Currency:    stripe.String(req.Currency),
		Destination: stripe.String(req.Destination),
	}
	if req.TransferGroup != "" {
		params.TransferGroup = stripe.String(req.TransferGroup)
	}
	for k, v := range req.Metadata {
		params.AddMetadata(k, v)
	}
	if req.IdempotencyKey != "" {
		params.SetIdempotencyKey(req.IdempotencyKey)
	}
	tr, err := c.sc.V1Transfers.Create(ctx, params)
	if err != nil {
		return "", translate(err)
	}
	return tr.ID, nil
}

// ParseWebhook verifies the signature and decodes a webhook event.
func (c *Client) ParseWebhook(payload []byte, signature string) (stripe.Event, error) {
	ev, err := webhook.ConstructEventWithOptions(payload, signature, c.webhookSecret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		return stripe.Event{}, fmt.Errorf("stripepay: webhook: %w", err)
	}
	return ev, nil
}

func translate(err error) error {
	var se *stripe.Error
	if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard {
		return fmt.Errorf("%w: %s", ErrCardDeclined, se.Msg)
	}
	return fmt.Errorf("stripepay: %w", err)
}
