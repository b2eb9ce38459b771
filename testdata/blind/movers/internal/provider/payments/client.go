// Package payments is a client for the CardRail payments partner.
//
// CardRail honours an Idempotency-Key header on every POST: a repeated key
// within 24h returns the original response without creating a new object.
package payments

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

type Client interface {
	Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*Charge, error)
	Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (*Refund, error)
	Payout(ctx context.Context, req PayoutRequest, opts ...CallOption) (*Payout, error)
}

type client struct {
	baseURL   string
	apiKey    string
	account   string
	userAgent string
	timeout   time.Duration
	http      *http.Client
}

// New returns a CardRail client.
func New(apiKey string, opts ...Option) Client {
	c := &client{
		baseURL:   "https://api.cardrail.example/v2",
		apiKey:    apiKey,
		userAgent: "haulright-movers/1.0",
		timeout:   15 * time.Second,
	}
	for _, o := range opts {
		o(c)
	}
	if c.http == nil {
		c.http = &http.Client{Timeout: c.timeout}
	}
	return c
}

func (c *client) Charge(ctx context.Context, req ChargeRequest, opts ...CallOption) (*Charge, error) {
	var out Charge
	if err := c.post(ctx, "/charges", req, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *client) Refund(ctx context.Context, req RefundRequest, opts ...CallOption) (*Refund, error) {
	var out Refund
	if err := c.post(ctx, "/refunds", req, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *client) Payout(ctx context.Context, req PayoutRequest, opts ...CallOption) (*Payout, error) {
	var out Payout
	if err := c.post(ctx, "/payouts", req, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *client) post(ctx context.Context, path string, body any, out any, opts []CallOption) error {
	var cs callSettings
	for _, o := range opts {
		o(&cs)
	}
	buf, err := json.Marshal(body)
	if err != nil {
		return fmt.Errorf("payments: encode: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(c.baseURL, "/")+path, bytes.NewReader(buf))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", c.userAgent)
	if c.account != "" {
		req.Header.Set("CardRail-Account", c.account)
	}
	if cs.idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", cs.idempotencyKey)
	}
	for k, v := range cs.metadata {
		req.Header.Set("CardRail-Meta-"+k, v)
	}

	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("payments: %s: %w", path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{StatusCode: resp.StatusCode}
		_ = json.Unmarshal(data, apiErr)
		return apiErr
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(data, out)
}

// VerifySignature checks the CardRail-Signature header of a webhook body.
func VerifySignature(secret string, body []byte, header string) bool {
	if secret == "" || header == "" {
		return false
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	expected := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(expected), []byte(strings.TrimPrefix(header, "v1=")))
}
