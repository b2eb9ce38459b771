// Package paygw is a client for the card payment gateway.
//
// POST requests honour an Idempotency-Key header: the gateway stores the
// first response for a key for 24 hours and replays it for later requests
// with the same key.
package paygw

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"

	"github.com/northwind-air/mileage/internal/provider/httpx"
)

// ErrDeclined is returned when the issuer declines a charge.
var ErrDeclined = errors.New("paygw: card declined")

// Client calls the gateway.
type Client struct {
	baseURL string
	secret  string
	http    *http.Client
}

// New returns a Client.
func New(baseURL, secret string, hc *http.Client) *Client {
	return &Client{baseURL: baseURL, secret: secret, http: hc}
}

// CallOption adjusts a single request.
type CallOption func(http.Header)

// WithIdempotencyKey sets the Idempotency-Key header.
func WithIdempotencyKey(key string) CallOption {
	return func(h http.Header) { h.Set("Idempotency-Key", key) }
}

// ChargeRequest captures an amount on a stored card.
type ChargeRequest struct {
	CardToken   string            `json:"source"`
	AmountCents int64             `json:"amount"`
	Currency    string            `json:"currency"`
	Description string            `json:"description"`
	Metadata    map[string]string `json:"metadata,omitempty"`
}

// Charge is a captured charge.
type Charge struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	AmountCents int64  `json:"amount"`
	DeclineCode string `json:"decline_code"`
}

// RefundRequest returns part or all of a charge.
type RefundRequest struct {
	ChargeID    string            `json:"charge"`
	AmountCents int64             `json:"amount"`
	Reason      string            `json:"reason,omitempty"`
	Metadata    map[string]string `json:"metadata,omitempty"`
}

// Refund is a created refund.
type Refund struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// Charge creates and captures a charge.
func (c *Client) Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (Charge, error) {
	var out Charge
	err := httpx.Do(ctx, c.http, httpx.Call{
		Method:  http.MethodPost,
		URL:     c.baseURL + "/v1/charges",
		Headers: c.headers(opts),
		In:      req,
		Out:     &out,
	})
	var se *httpx.StatusError
	if errors.As(err, &se) && se.Status == http.StatusPaymentRequired {
		return out, fmt.Errorf("%w: %s", ErrDeclined, se.Body)
	}
	return out, err
}

// Refund refunds a charge.
func (c *Client) Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (Refund, error) {
	var out Refund
	err := httpx.Do(ctx, c.http, httpx.Call{
		Method:  http.MethodPost,
		URL:     c.baseURL + "/v1/refunds",
		Headers: c.headers(opts),
		In:      req,
		Out:     &out,
	})
	return out, err
}

func (c *Client) headers(opts []CallOption) http.Header {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.secret)
	for _, o := range opts {
		o(h)
	}
	return h
}

// VerifySignature checks a webhook's Paygate-Signature header.
func VerifySignature(secret, body, signature string) bool {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(body))
	want := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(signature))
}
