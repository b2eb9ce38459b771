// Package payouts is the client for the bank payouts provider.
//
// Payout creation accepts an Idempotency-Key header; the provider stores keys
// for 7 days and replays the original response for a repeated key. The client
// retries transient failures with exponential backoff and always resends the
// same key on those retries.
package payouts

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"time"

	"github.com/cenkalti/backoff/v4"

	"github.com/gigbridge/escrow/internal/metrics"
	"github.com/gigbridge/escrow/internal/provider/httpjson"
)

// Config configures the client.
type Config struct {
	BaseURL    string
	APIKey     string
	MaxRetries uint64
	MaxElapsed time.Duration
}

// Client calls the payouts API.
type Client struct {
	api        *httpjson.Client
	maxRetries uint64
	maxElapsed time.Duration
	log        *slog.Logger
}

func New(cfg Config, rec *metrics.Recorder, log *slog.Logger) *Client {
	if cfg.MaxRetries == 0 {
		cfg.MaxRetries = 4
	}
	if cfg.MaxElapsed == 0 {
		cfg.MaxElapsed = 30 * time.Second
	}
	return &Client{
		api:        httpjson.New("payouts", cfg.BaseURL, cfg.APIKey, rec),
		maxRetries: cfg.MaxRetries,
		maxElapsed: cfg.MaxElapsed,
		log:        log.With("provider", "payouts"),
	}
}

func (c *Client) policy(ctx context.Context) backoff.BackOff {
	eb := backoff.NewExponentialBackOff()
	eb.InitialInterval = 250 * time.Millisecond
	eb.MaxInterval = 5 * time.Second
	eb.MaxElapsedTime = c.maxElapsed
	return backoff.WithContext(backoff.WithMaxRetries(eb, c.maxRetries), ctx)
}

// do sends call, retrying transient errors. The call (and therefore its
// headers, including any Idempotency-Key) is identical on every try.
func (c *Client) do(ctx context.Context, call httpjson.Call, out any) error {
	op := func() error {
		err := c.api.Do(ctx, call, out)
		if err == nil {
			return nil
		}
		var apiErr *httpjson.APIError
		if errors.As(err, &apiErr) && !apiErr.Retryable() {
			return backoff.Permanent(err)
		}
		return err
	}
	notify := func(err error, wait time.Duration) {
		c.log.WarnContext(ctx, "payouts request failed, retrying", "endpoint", call.Endpoint, "wait", wait, "err", err)
	}
	return backoff.RetryNotify(op, c.policy(ctx), notify)
}

func idempotencyHeader(key string) http.Header {
	h := http.Header{}
	if key != "" {
		h.Set("Idempotency-Key", key)
	}
	return h
}

// RecipientRequest registers a bank account as a payout recipient. The bank
// details arrive as a token from the provider's hosted form.
type RecipientRequest struct {
	BankToken    string `json:"bank_token"`
	HolderName   string `json:"holder_name"`
	Country      string `json:"country"`
	Currency     string `json:"currency"`
	ExternalUser string `json:"external_user_id"`
}

// Recipient is a registered bank account.
type Recipient struct {
	ID       string `json:"id"`
	Last4    string `json:"last4"`
	Country  string `json:"country"`
	Currency string `json:"currency"`
	Status   string `json:"status"`
}

// CreateRecipient registers a bank account. Recipient creation does not
// honour Idempotency-Key at the provider; each call creates a recipient.
func (c *Client) CreateRecipient(ctx context.Context, req RecipientRequest) (Recipient, error) {
	var out Recipient
	err := c.do(ctx, httpjson.Call{
		Method: http.MethodPost, Path: "/v2/recipients", Endpoint: "create_recipient", Body: req,
	}, &out)
	return out, err
}

// PayoutRequest sends money to a recipient.
type PayoutRequest struct {
	RecipientID string            `json:"recipient_id"`
	AmountMinor int64             `json:"amount"`
	Currency    string            `json:"currency"`
	Reference   string            `json:"reference"`
	Metadata    map[string]string `json:"metadata,omitempty"`
}

// Payout is the provider's view of a payout.
type Payout struct {
	ID            string `json:"id"`
	Status        string `json:"status"` // pending, in_transit, paid, failed, returned
	FailureCode   string `json:"failure_code,omitempty"`
	FailureReason string `json:"failure_message,omitempty"`
}

// CreatePayout creates a payout. idempotencyKey must be stable for the
// logical payout: the provider uses it to collapse repeats.
func (c *Client) CreatePayout(ctx context.Context, req PayoutRequest, idempotencyKey string) (Payout, error) {
	var out Payout
	err := c.do(ctx, httpjson.Call{
		Method: http.MethodPost, Path: "/v2/payouts", Endpoint: "create_payout", Header: idempotencyHeader(idempotencyKey), Body: req,
	}, &out)
	return out, err
}

// GetPayout fetches the current state of a payout.
func (c *Client) GetPayout(ctx context.Context, id string) (Payout, error) {
	var out Payout
	err := c.do(ctx, httpjson.Call{
		Method: http.MethodGet, Path: "/v2/payouts/" + url.PathEscape(id), Endpoint: "get_payout",
	}, &out)
	return out, err
}
