// Package payments is the HTTP client for Paystream, the payments provider
// that takes card charges, direct debits against bank mandates and refunds.
//
// Every POST accepts an Idempotency-Key header. Paystream stores the first
// response for a key for 24 hours and returns it unchanged for any later
// request carrying the same key, so a repeated request with the same key
// never moves money twice. Requests without the header are always executed.
package payments

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
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Client talks to the Paystream REST API.
type Client struct {
	baseURL       string
	apiKey        string
	webhookSecret []byte
	httpClient    *http.Client
}

// Option configures a Client.
type Option func(*Client)

// WithWebhookSecret sets the secret used to verify webhook signatures.
func WithWebhookSecret(secret string) Option {
	return func(c *Client) { c.webhookSecret = []byte(secret) }
}

// New builds a client for baseURL authenticated with apiKey.
func New(baseURL, apiKey string, opts ...Option) *Client {
	c := &Client{
		baseURL:    strings.TrimRight(baseURL, "/"),
		apiKey:     apiKey,
		httpClient: &http.Client{Timeout: 20 * time.Second},
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// CreateCharge charges a card token.
func (c *Client) CreateCharge(ctx context.Context, req ChargeRequest) (*Payment, error) {
	var out Payment
	if err := c.post(ctx, "/v1/charges", req.IdempotencyKey, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// CreateDirectDebit starts a debit against a bank mandate. The payment is
// returned in status "pending" and settles days later via webhook.
func (c *Client) CreateDirectDebit(ctx context.Context, req DirectDebitRequest) (*Payment, error) {
	var out Payment
	if err := c.post(ctx, "/v1/direct_debits", req.IdempotencyKey, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// CreateRefund refunds all or part of a payment.
func (c *Client) CreateRefund(ctx context.Context, req RefundRequest) (*Refund, error) {
	var out Refund
	if err := c.post(ctx, "/v1/refunds", req.IdempotencyKey, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// GetPayment fetches the current state of a payment.
func (c *Client) GetPayment(ctx context.Context, id string) (*Payment, error) {
	var out Payment
	if err := c.do(ctx, http.MethodGet, "/v1/payments/"+url.PathEscape(id), "", nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// ParseWebhook verifies the Paystream-Signature header ("t=<unix>,v1=<hex>")
// over "<t>.<body>" and decodes the event.
func (c *Client) ParseWebhook(body []byte, signature string, tolerance time.Duration) (WebhookEvent, error) {
	var ev WebhookEvent
	if len(c.webhookSecret) == 0 {
		return ev, errors.New("payments: webhook secret not configured")
	}
	var ts, sig string
	for _, part := range strings.Split(signature, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			continue
		}
		switch k {
		case "t":
			ts = v
		case "v1":
			sig = v
		}
	}
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || sig == "" {
		return ev, errors.New("payments: malformed signature header")
	}
	if tolerance > 0 && time.Since(time.Unix(unix, 0)) > tolerance {
		return ev, errors.New("payments: webhook timestamp outside tolerance")
	}
	mac := hmac.New(sha256.New, c.webhookSecret)
	mac.Write([]byte(ts))
	mac.Write([]byte("."))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(sig)) {
		return ev, errors.New("payments: signature mismatch")
	}
	if err := json.Unmarshal(body, &ev); err != nil {
		return ev, fmt.Errorf("payments: decode webhook: %w", err)
	}
	return ev, nil
}

func (c *Client) post(ctx context.Context, path, idempotencyKey string, in, out any) error {
	return c.do(ctx, http.MethodPost, path, idempotencyKey, in, out)
}

func (c *Client) do(ctx context.Context, method, path, idempotencyKey string, in, out any) error {
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return fmt.Errorf("payments: encode %s: %w", path, err)
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, body)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Accept", "application/json")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", idempotencyKey)
	}
	resp, err := c.httpClient.Do(req)
	if err != nil {
		return fmt.Errorf("payments: %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("payments: read %s: %w", path, err)
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{StatusCode: resp.StatusCode}
		var envelope struct {
			Error *APIError `json:"error"`
		}
		if json.Unmarshal(raw, &envelope) == nil && envelope.Error != nil {
			apiErr = envelope.Error
			apiErr.StatusCode = resp.StatusCode
		}
		if apiErr.RequestID == "" {
			apiErr.RequestID = resp.Header.Get("Request-Id")
		}
		return apiErr
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return fmt.Errorf("payments: decode %s: %w", path, err)
	}
	return nil
}
