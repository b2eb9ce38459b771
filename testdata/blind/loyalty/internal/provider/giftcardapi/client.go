// Package giftcardapi is a client for the gift-card provider's REST API.
//
// The provider de-duplicates POST requests that carry an Idempotency-Key
// header for 24 hours: a repeated key returns the original response.
package giftcardapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/tidewater/loyalty/internal/platform/retry"
)

type Config struct {
	BaseURL string
	APIKey  string
	Timeout time.Duration
}

type Client struct {
	baseURL string
	apiKey  string
	http    *http.Client
	policy  retry.Policy
}

func New(cfg Config) *Client {
	return &Client{
		baseURL: cfg.BaseURL,
		apiKey:  cfg.APIKey,
		http:    &http.Client{Timeout: cfg.Timeout},
		policy:  retry.Default,
	}
}

type IssueRequest struct {
	AmountCents    int64  `json:"amount_cents"`
	Currency       string `json:"currency"`
	RecipientEmail string `json:"recipient_email"`
	Reference      string `json:"reference"`
}

type ReissueRequest struct {
	Reason string `json:"reason"`
}

type Card struct {
	ID           string `json:"id"`
	MaskedCode   string `json:"masked_code"`
	BalanceCents int64  `json:"balance_cents"`
	Status       string `json:"status"`
}

// CallOption customises a single API call.
type CallOption func(*callOptions)

type callOptions struct {
	idempotencyKey string
}

// WithIdempotencyKey sets the Idempotency-Key header on the call.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

// Issue creates a new gift card.
func (c *Client) Issue(ctx context.Context, req IssueRequest, opts ...CallOption) (*Card, error) {
	var card Card
	if err := c.post(ctx, "/v2/cards", req, opts, &card); err != nil {
		return nil, err
	}
	return &card, nil
}

// Reissue cancels cardID and issues a replacement carrying the remaining
// balance.
func (c *Client) Reissue(ctx context.Context, cardID string, req ReissueRequest, opts ...CallOption) (*Card, error) {
	var card Card
	if err := c.post(ctx, "/v2/cards/"+cardID+"/reissue", req, opts, &card); err != nil {
		return nil, err
	}
	return &card, nil
}

type apiError struct {
	Status int
	Body   string
}

func (e *apiError) Error() string {
	return fmt.Sprintf("giftcard api: status %d: %s", e.Status, e.Body)
}

func (c *Client) post(ctx context.Context, path string, body any, opts []CallOption, out any) error {
	var o callOptions
	for _, opt := range opts {
		opt(&o)
	}
	payload, err := json.Marshal(body)
	if err != nil {
		return fmt.Errorf("giftcard api: marshal: %w", err)
	}

	// One request id for the whole logical call so the provider's support
	// team can correlate our retries in their logs.
	requestID := uuid.NewString()

	return retry.Do(ctx, c.policy, func(ctx context.Context, attempt int) error {
		httpReq, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(payload))
		if err != nil {
			return retry.Permanent{Err: err}
		}
		httpReq.Header.Set("Authorization", "Bearer "+c.apiKey)
		httpReq.Header.Set("Content-Type", "application/json")
		httpReq.Header.Set("X-Request-Id", requestID)
		if o.idempotencyKey != "" {
			httpReq.Header.Set("Idempotency-Key", o.idempotencyKey)
		}

		resp, err := c.http.Do(httpReq)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))

		switch {
		case resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests:
			return &apiError{Status: resp.StatusCode, Body: string(raw)}
		case resp.StatusCode >= 400:
			return retry.Permanent{Err: &apiError{Status: resp.StatusCode, Body: string(raw)}}
		}
		if err := json.Unmarshal(raw, out); err != nil {
			return retry.Permanent{Err: fmt.Errorf("giftcard api: decode: %w", err)}
		}
		return nil
	})
}

// IsClientError reports whether err is a 4xx from the provider.
func IsClientError(err error) bool {
	var ae *apiError
	return errors.As(err, &ae) && ae.Status >= 400 && ae.Status < 500
}
