package dispatch

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"

	"github.com/dinein/platform/internal/config"
)

// ErrNotFound is returned when the partner does not know a delivery.
var ErrNotFound = errors.New("dispatch: delivery not found")

// APIError is a non-2xx answer from the partner.
type APIError struct {
	Status int
	Code   string `json:"code"`
	Detail string `json:"detail"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("dispatch: %d %s: %s", e.Status, e.Code, e.Detail)
}

// Temporary reports whether retrying the call may succeed.
func (e *APIError) Temporary() bool { return e.Status == 429 || e.Status >= 500 }

// Client talks to the partner's REST API.
type Client struct {
	base   *url.URL
	apiKey string
	http   *http.Client
}

// RequestOption adjusts a single call.
type RequestOption func(*http.Request)

// WithIdempotencyKey sets the Idempotency-Key header. The partner honours
// it on delivery creation: it keeps keys for 24 hours and answers a
// repeated key with the original delivery.
func WithIdempotencyKey(key string) RequestOption {
	return func(r *http.Request) {
		if key != "" {
			r.Header.Set("Idempotency-Key", key)
		}
	}
}

// WithTraceID propagates a trace id for the partner's support team.
func WithTraceID(id string) RequestOption {
	return func(r *http.Request) { r.Header.Set("X-Trace-Id", id) }
}

// NewClient builds a partner client from config.
func NewClient(cfg config.Config) (*Client, error) {
	u, err := url.Parse(cfg.DispatchBaseURL)
	if err != nil {
		return nil, fmt.Errorf("dispatch: base url: %w", err)
	}
	return &Client{
		base:   u,
		apiKey: cfg.DispatchAPIKey,
		http:   &http.Client{Timeout: 15 * time.Second},
	}, nil
}

// CreateDelivery books a courier.
func (c *Client) CreateDelivery(ctx context.Context, req DeliveryRequest, opts ...RequestOption) (*Delivery, error) {
	if req.IdempotencyKey != "" {
		opts = append([]RequestOption{WithIdempotencyKey(req.IdempotencyKey)}, opts...)
	}
	var out Delivery
	if err := c.do(ctx, http.MethodPost, "deliveries", req, &out, opts...); err != nil {
		return nil, err
	}
	return &out, nil
}

// GetDelivery fetches the current state of a delivery.
func (c *Client) GetDelivery(ctx context.Context, id string) (*Delivery, error) {
	var out Delivery
	if err := c.do(ctx, http.MethodGet, "deliveries/"+url.PathEscape(id), nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// CancelDelivery cancels a delivery that has not been picked up.
func (c *Client) CancelDelivery(ctx context.Context, id, reason string) error {
	body := map[string]string{"reason": reason}
	return c.do(ctx, http.MethodPost, "deliveries/"+url.PathEscape(id)+"/cancel", body, nil)
}

// AddTip adds a tip to a completed delivery; the partner pays it to the
// courier with their next settlement.
func (c *Client) AddTip(ctx context.Context, deliveryID string, tip Tip) error {
	return c.do(ctx, http.MethodPost, "deliveries/"+url.PathEscape(deliveryID)+"/tips", tip, nil)
}

func (c *Client) do(ctx context.Context, method, path string, in, out any, opts ...RequestOption) error {
	u := c.base.JoinPath(path)
	var body io.Reader
	if in != nil {
		raw, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, method, u.String(), body)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Accept", "application/json")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for _, opt := range opts {
		opt(req)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("dispatch: %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusNotFound {
		return ErrNotFound
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{Status: resp.StatusCode}
		_ = json.NewDecoder(io.LimitReader(resp.Body, 64<<10)).Decode(apiErr)
		return apiErr
	}
	if out == nil {
		_, _ = io.Copy(io.Discard, resp.Body)
		return nil
	}
	return json.NewDecoder(resp.Body).Decode(out)
}
