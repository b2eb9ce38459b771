// Package printlab is the HTTP client for the print-lab partner that
// fulfils print orders, and the verifier for its webhooks.
//
// Partner API notes (v2):
//   - POST /v2/orders and POST /v2/orders/{id}/reprints honour an
//     Idempotency-Key header for 72 hours and return the original
//     response for a repeated key.
//   - external_ref on an order must be unique per partner account; a second
//     order with the same external_ref is rejected with 409 and the
//     existing order ID in the body.
//   - Webhooks are signed with HMAC-SHA256 over the raw body
//     (X-Lab-Signature, hex) and retried with backoff for 48 hours until
//     they get a 2xx.
package printlab

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Client talks to the lab's REST API.
type Client struct {
	baseURL string
	apiKey  string
	secret  []byte
	http    *http.Client
}

// New returns a Client. webhookSecret verifies callbacks.
func New(baseURL, apiKey, webhookSecret string) *Client {
	return &Client{
		baseURL: baseURL,
		apiKey:  apiKey,
		secret:  []byte(webhookSecret),
		http:    &http.Client{Timeout: 20 * time.Second},
	}
}

// RequestOption adjusts an outgoing request.
type RequestOption func(*http.Request)

// WithIdempotencyKey sets the lab's Idempotency-Key header.
func WithIdempotencyKey(key string) RequestOption {
	return func(r *http.Request) { r.Header.Set("Idempotency-Key", key) }
}

// Address is a shipping address.
type Address struct {
	Name     string `json:"name"`
	Line1    string `json:"line1"`
	Line2    string `json:"line2,omitempty"`
	City     string `json:"city"`
	Postcode string `json:"postcode"`
	Country  string `json:"country"`
}

// Item is one print line.
type Item struct {
	SKU      string `json:"sku"`
	ImageURL string `json:"image_url"`
	Quantity int    `json:"quantity"`
}

// Order is the body of POST /v2/orders.
type Order struct {
	ExternalRef string  `json:"external_ref"`
	ShipTo      Address `json:"ship_to"`
	Items       []Item  `json:"items"`
}

// OrderReceipt is the lab's response to an order.
type OrderReceipt struct {
	OrderID string `json:"order_id"`
	Status  string `json:"status"`
}

// ReprintRequest is the body of POST /v2/orders/{id}/reprints.
type ReprintRequest struct {
	Reason string   `json:"reason"`
	SKUs   []string `json:"skus,omitempty"`
}

// ReprintReceipt is the lab's response to a reprint.
type ReprintReceipt struct {
	ReprintID string `json:"reprint_id"`
	Status    string `json:"status"`
}

// APIError is a non-2xx response from the lab.
type APIError struct {
	Status int
	Code   string `json:"code"`
	Detail string `json:"detail"`
	// ExistingOrderID is set on 409 duplicate_external_ref.
	ExistingOrderID string `json:"existing_order_id"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("printlab: %d %s: %s", e.Status, e.Code, e.Detail)
}

// SubmitOrder creates a lab order.
func (c *Client) SubmitOrder(ctx context.Context, o Order, opts ...RequestOption) (*OrderReceipt, error) {
	var out OrderReceipt
	err := c.do(ctx, http.MethodPost, "/v2/orders", o, &out, opts...)
	var apiErr *APIError
	if errors.As(err, &apiErr) && apiErr.Status == http.StatusConflict && apiErr.ExistingOrderID != "" {
		return &OrderReceipt{OrderID: apiErr.ExistingOrderID, Status: "accepted"}, nil
	}
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// RequestReprint asks the lab to reprint some or all items of an order.
func (c *Client) RequestReprint(ctx context.Context, labOrderID string, req ReprintRequest, opts ...RequestOption) (*ReprintReceipt, error) {
	var out ReprintReceipt
	if err := c.do(ctx, http.MethodPost, "/v2/orders/"+labOrderID+"/reprints", req, &out, opts...); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) do(ctx context.Context, method, path string, in, out any, opts ...RequestOption) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	for _, opt := range opts {
		opt(req)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("printlab: %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{Status: resp.StatusCode}
		_ = json.Unmarshal(raw, apiErr)
		return apiErr
	}
	if out != nil {
		return json.Unmarshal(raw, out)
	}
	return nil
}

// Event is a webhook callback from the lab.
type Event struct {
	ID         string    `json:"id"`
	Type       string    `json:"type"`
	OrderID    string    `json:"order_id"`
	OccurredAt time.Time `json:"occurred_at"`
	Tracking   *struct {
		Carrier string `json:"carrier"`
		Number  string `json:"number"`
	} `json:"tracking,omitempty"`
	FailureReason string `json:"failure_reason,omitempty"`
}

// ErrBadSignature is returned when a webhook signature does not verify.
var ErrBadSignature = errors.New("printlab: bad webhook signature")

// ParseWebhook verifies the signature and decodes the event.
func (c *Client) ParseWebhook(body []byte, signature string) (Event, error) {
	mac := hmac.New(sha256.New, c.secret)
	mac.Write(body)
	want := mac.Sum(nil)
	got, err := hex.DecodeString(signature)
	if err != nil || !hmac.Equal(want, got) {
		return Event{}, ErrBadSignature
	}
	var ev Event
	if err := json.Unmarshal(body, &ev); err != nil {
		return Event{}, fmt.Errorf("printlab: decode webhook: %w", err)
	}
	return ev, nil
}
