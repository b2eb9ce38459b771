// Package cardpay is a client for the CardPay acquiring API, the processor
// behind the contactless readers in our machines.
//
// CardPay deduplicates POST requests that carry an Idempotency-Key header:
// a request repeated with the same key within 24 hours returns the stored
// response instead of being processed again. Requests without the header
// are processed every time they arrive. The "reference" field on
// authorisations is free text shown in CardPay reports and is not used for
// deduplication.
//
// CardPay supports multi-vend sessions, in which several captures are posted
// against one pre-authorisation; it does not compare a capture with earlier
// captures on the same authorisation.
package cardpay

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"
)

// Client talks to the CardPay REST API.
type Client struct {
	baseURL    string
	apiKey     string
	httpClient *http.Client
	userAgent  string
	maxRetries int
	backoff    time.Duration
}

// Option configures a Client.
type Option func(*Client)

func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.httpClient = h } }

func WithTimeout(d time.Duration) Option {
	return func(c *Client) { c.httpClient.Timeout = d }
}

// WithRetries sets how often a request that failed in transport or with a
// 5xx is re-sent. Re-sends reuse the call's Idempotency-Key, if any.
func WithRetries(n int) Option { return func(c *Client) { c.maxRetries = n } }

func WithBackoff(d time.Duration) Option { return func(c *Client) { c.backoff = d } }

func WithUserAgent(ua string) Option { return func(c *Client) { c.userAgent = ua } }

func New(baseURL, apiKey string, opts ...Option) *Client {
	c := &Client{
		baseURL:    baseURL,
		apiKey:     apiKey,
		httpClient: &http.Client{Timeout: 15 * time.Second},
		userAgent:  "vendgrid-fleetops/1.0",
		maxRetries: 2,
		backoff:    300 * time.Millisecond,
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// CallOption configures a single request.
type CallOption func(*callConfig)

type callConfig struct {
	idempotencyKey string
}

// WithIdempotencyKey sets the Idempotency-Key header.
func WithIdempotencyKey(k string) CallOption { return func(c *callConfig) { c.idempotencyKey = k } }

type AuthorizeRequest struct {
	CardToken   string `json:"card_token"`
	Amount      int64  `json:"amount"`
	Currency    string `json:"currency"`
	Reference   string `json:"reference,omitempty"`
	TerminalID  string `json:"terminal_id"`
	CaptureMode string `json:"capture_mode"`
}

type Authorization struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	DeclineCode string `json:"decline_code,omitempty"`
}

type CaptureRequest struct {
	Amount int64 `json:"amount"`
}

type RefundRequest struct {
	CaptureID string `json:"capture_id"`
	Amount    int64  `json:"amount"`
	Reason    string `json:"reason,omitempty"`
}

// Operation is the response shape shared by capture, void and refund.
type Operation struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// APIError is a non-2xx response from CardPay.
type APIError struct {
	StatusCode int
	Code       string `json:"code"`
	Message    string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("cardpay: %d %s: %s", e.StatusCode, e.Code, e.Message)
}

func (e *APIError) Temporary() bool {
	return e.StatusCode >= 500 || e.StatusCode == http.StatusTooManyRequests
}

func (c *Client) Authorize(ctx context.Context, req AuthorizeRequest, opts ...CallOption) (*Authorization, error) {
	req.CaptureMode = "manual"
	var out Authorization
	if err := c.post(ctx, "/authorizations", req, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) Capture(ctx context.Context, authorizationID string, req CaptureRequest, opts ...CallOption) (*Operation, error) {
	var out Operation
	if err := c.post(ctx, "/authorizations/"+authorizationID+"/capture", req, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) Void(ctx context.Context, authorizationID string, opts ...CallOption) (*Operation, error) {
	var out Operation
	if err := c.post(ctx, "/authorizations/"+authorizationID+"/void", struct{}{}, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (*Operation, error) {
	var out Operation
	if err := c.post(ctx, "/refunds", req, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) post(ctx context.Context, path string, body, out any, opts []CallOption) error {
	var cfg callConfig
	for _, o := range opts {
		o(&cfg)
	}
	payload, err := json.Marshal(body)
	if err != nil {
		return fmt.Errorf("cardpay: marshal: %w", err)
	}

	var lastErr error
	for attempt := 0; attempt <= c.maxRetries; attempt++ {
		if attempt > 0 {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(c.backoff * time.Duration(1<<(attempt-1))):
			}
		}
		lastErr = c.once(ctx, path, payload, out, cfg)
		if lastErr == nil || !retryable(lastErr) {
			return lastErr
		}
	}
	return lastErr
}

func (c *Client) once(ctx context.Context, path string, payload []byte, out any, cfg callConfig) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(payload))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", c.userAgent)
	if cfg.idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", cfg.idempotencyKey)
	}

	resp, err := c.httpClient.Do(req)
	if err != nil {
		return fmt.Errorf("cardpay %s: %w", path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("cardpay %s: read body: %w", path, err)
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{StatusCode: resp.StatusCode}
		_ = json.Unmarshal(raw, apiErr)
		return apiErr
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("cardpay %s: decode: %w", path, err)
	}
	return nil
}

func retryable(err error) bool {
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		return apiErr.Temporary()
	}
	var netErr net.Error
	return errors.As(err, &netErr) || errors.Is(err, io.ErrUnexpectedEOF)
}
