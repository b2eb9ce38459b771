// Package mailer is a small client for the transactional e-mail provider's
// HTTP API. The provider deduplicates POST /v1/messages on the
// Idempotency-Key header for 24 hours.
package mailer

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Message is an outbound templated e-mail.
type Message struct {
	To       string         `json:"to"`
	From     string         `json:"from"`
	Template string         `json:"template"`
	Subject  string         `json:"subject"`
	Data     map[string]any `json:"data"`
	Tags     []string       `json:"tags,omitempty"`
}

// Receipt is the provider's acknowledgement.
type Receipt struct {
	MessageID string `json:"id"`
	Status    string `json:"status"`
}

// Sender sends templated e-mail.
type Sender interface {
	Send(ctx context.Context, msg Message, opts ...SendOption) (Receipt, error)
}

type sendOptions struct {
	idempotencyKey string
	requestID      string
}

// SendOption customises one Send call.
type SendOption func(*sendOptions)

// WithIdempotencyKey makes the provider accept the message at most once per
// key.
func WithIdempotencyKey(key string) SendOption {
	return func(o *sendOptions) { o.idempotencyKey = key }
}

// WithRequestID tags the request for correlation in the provider's logs.
func WithRequestID(id string) SendOption {
	return func(o *sendOptions) { o.requestID = id }
}

// StatusError is a non-2xx response.
type StatusError struct {
	Code int
	Body string
}

func (e *StatusError) Error() string { return fmt.Sprintf("mailer: status %d: %s", e.Code, e.Body) }

// Temporary reports whether the request may succeed if repeated.
func (e *StatusError) Temporary() bool {
	return e.Code == http.StatusTooManyRequests || e.Code >= 500
}

// Client implements Sender over HTTP.
type Client struct {
	baseURL string
	apiKey  string
	from    string
	http    *http.Client
}

// Config configures Client.
type Config struct {
	BaseURL string
	APIKey  string
	From    string
	Timeout time.Duration
}

// New returns a Client.
func New(cfg Config) *Client {
	timeout := cfg.Timeout
	if timeout == 0 {
		timeout = 10 * time.Second
	}
	return &Client{
		baseURL: cfg.BaseURL,
		apiKey:  cfg.APIKey,
		from:    cfg.From,
		http:    &http.Client{Timeout: timeout},
	}
}

// Send implements Sender.
func (c *Client) Send(ctx context.Context, msg Message, opts ...SendOption) (Receipt, error) {
	var o sendOptions
	for _, fn := range opts {
		fn(&o)
	}
	if msg.From == "" {
		msg.From = c.from
	}
	body, err := json.Marshal(msg)
	if err != nil {
		return Receipt{}, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v1/messages", bytes.NewReader(body))
	if err != nil {
		return Receipt{}, err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	if o.idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", o.idempotencyKey)
	}
	if o.requestID != "" {
		req.Header.Set("X-Request-ID", o.requestID)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return Receipt{}, fmt.Errorf("mailer: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return Receipt{}, &StatusError{Code: resp.StatusCode, Body: string(raw)}
	}
	var rcpt Receipt
	if err := json.Unmarshal(raw, &rcpt); err != nil {
		return Receipt{}, fmt.Errorf("mailer: decode receipt: %w", err)
	}
	return rcpt, nil
}

// IsRetryable classifies Send errors for retry.Do.
func IsRetryable(err error) bool {
	var se *StatusError
	if errors.As(err, &se) {
		return se.Temporary()
	}
	return !errors.Is(err, context.Canceled)
}
