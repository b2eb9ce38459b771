// Package payout is the client for the publisher payout provider. The
// provider deduplicates POST /transfers on the Idempotency-Key header
// (keys are kept for 30 days).
package payout

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/brightlane/adbilling/internal/config"
)

type Client interface {
	CreateTransfer(ctx context.Context, req TransferRequest, opts ...RequestOption) (Transfer, error)
}

type TransferRequest struct {
	SourceAccount      string            `json:"source_account"`
	DestinationAccount string            `json:"destination_account"`
	AmountCents        int64             `json:"amount"`
	Currency           string            `json:"currency"`
	Reference          string            `json:"reference"`
	Metadata           map[string]string `json:"metadata,omitempty"`
}

type Transfer struct {
	ID     string `json:"id"`
	Status string `json:"status"` // accepted, completed, rejected
	Reason string `json:"reason,omitempty"`
}

// Error is a non-2xx provider answer.
type Error struct {
	Status int
	Body   string
}

func (e *Error) Error() string { return fmt.Sprintf("payout provider: %d: %s", e.Status, e.Body) }

// RequestOption decorates the outgoing request.
type RequestOption func(*retryablehttp.Request)

// WithIdempotencyKey sets the provider's Idempotency-Key header.
func WithIdempotencyKey(key string) RequestOption {
	return func(r *retryablehttp.Request) { r.Header.Set("Idempotency-Key", key) }
}

// WithCorrelationID tags the request for support tickets.
func WithCorrelationID(id string) RequestOption {
	return func(r *retryablehttp.Request) { r.Header.Set("X-Correlation-Id", id) }
}

type client struct {
	baseURL string
	apiKey  string
	http    *retryablehttp.Client
}

// NewClient returns a provider client that retries connection errors, 429s
// and 5xx responses with exponential backoff.
func NewClient(cfg *config.Config, log *slog.Logger) Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 4
	rc.RetryWaitMin = 500 * time.Millisecond
	rc.RetryWaitMax = 8 * time.Second
	rc.HTTPClient.Timeout = 30 * time.Second
	rc.Logger = log.With("component", "payout-client")
	return &client{baseURL: cfg.PayoutBaseURL, apiKey: cfg.PayoutAPIKey, http: rc}
}

func (c *client) CreateTransfer(ctx context.Context, tr TransferRequest, opts ...RequestOption) (Transfer, error) {
	body, err := json.Marshal(tr)
	if err != nil {
		return Transfer{}, err
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v1/transfers", bytes.NewReader(body))
	if err != nil {
		return Transfer{}, err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	for _, opt := range opts {
		opt(req)
	}

	resp, err := c.http.Do(req)
	if err != nil {
		return Transfer{}, fmt.Errorf("payout provider: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode >= 300 {
		return Transfer{}, &Error{Status: resp.StatusCode, Body: string(raw)}
	}
	var out Transfer
	if err := json.Unmarshal(raw, &out); err != nil {
		return Transfer{}, fmt.Errorf("payout provider: decode: %w", err)
	}
	return out, nil
}
