// Package psp is the client for Paystream, the payment processor that
// collects merchant fees from the card or bank mandate on file.
package psp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// ChargeRequest collects an amount from a customer's default method.
type ChargeRequest struct {
	CustomerID  string            `json:"customer"`
	AmountCents int64             `json:"amount"`
	Currency    string            `json:"currency"`
	Description string            `json:"description"`
	Metadata    map[string]string `json:"metadata,omitempty"`
	// IdempotencyKey is sent as the Idempotency-Key header when set.
	IdempotencyKey string `json:"-"`
}

// Charge is a created charge.
type Charge struct {
	ID     string `json:"id"`
	Status string `json:"status"`
	Amount int64  `json:"amount"`
}

// Error is a Paystream API error.
type Error struct {
	Status  int
	Type    string `json:"type"`
	Message string `json:"message"`
	Decline string `json:"decline_code"`
}

func (e *Error) Error() string {
	return fmt.Sprintf("psp: %d %s: %s", e.Status, e.Type, e.Message)
}

// Temporary reports whether the call may succeed if repeated.
func (e *Error) Temporary() bool { return e.Status == 429 || e.Status >= 500 }

// Client is a Paystream API client.
type Client struct {
	base    string
	secret  string
	http    *http.Client
	backoff func() backoff.BackOff
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient sets the HTTP client.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// WithBackOff sets the retry policy for transient failures.
func WithBackOff(f func() backoff.BackOff) Option { return func(c *Client) { c.backoff = f } }

// New builds a client.
func New(baseURL, secret string, opts ...Option) *Client {
	c := &Client{
		base:   strings.TrimRight(baseURL, "/"),
		secret: secret,
		http:   &http.Client{Timeout: 20 * time.Second},
		backoff: func() backoff.BackOff {
			b := backoff.NewExponentialBackOff()
			b.MaxElapsedTime = 30 * time.Second
			return b
		},
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Charge creates a charge, retrying transient failures.
func (c *Client) Charge(ctx context.Context, req ChargeRequest) (*Charge, error) {
	body, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	var out Charge
	op := func() error {
		hr, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/v1/charges", bytes.NewReader(body))
		if err != nil {
			return backoff.Permanent(err)
		}
		hr.Header.Set("Authorization", "Bearer "+c.secret)
		hr.Header.Set("Content-Type", "application/json")
		if req.IdempotencyKey != "" {
			hr.Header.Set("Idempotency-Key", req.IdempotencyKey)
		}
		resp, err := c.http.Do(hr)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		if resp.StatusCode/100 != 2 {
			pe := &Error{Status: resp.StatusCode}
			_ = json.Unmarshal(raw, pe)
			if pe.Temporary() {
				return pe
			}
			return backoff.Permanent(pe)
		}
		return json.Unmarshal(raw, &out)
	}
	if err := backoff.Retry(op, backoff.WithContext(c.backoff(), ctx)); err != nil {
		var pe *Error
		if errors.As(err, &pe) {
			return nil, pe
		}
		return nil, fmt.Errorf("psp: charge: %w", err)
	}
	return &out, nil
}
