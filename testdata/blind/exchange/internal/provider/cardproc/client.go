// Package cardproc is the client for the card acquiring processor used for
// card top-ups.
package cardproc

import (
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

// Charge statuses.
const (
	ChargeSucceeded      = "succeeded"
	ChargeProcessing     = "processing"
	ChargeRequiresAction = "requires_action"
	ChargeFailed         = "failed"
)

// Config configures the client.
type Config struct {
	BaseURL   string
	SecretKey string
	Timeout   time.Duration
}

// Client talks to the processor.
type Client struct {
	http *http.Client
	base string
	key  string
}

// New returns a client.
func New(cfg Config) *Client {
	t := cfg.Timeout
	if t == 0 {
		t = 30 * time.Second
	}
	return &Client{http: &http.Client{Timeout: t}, base: cfg.BaseURL, key: cfg.SecretKey}
}

// ChargeParams describes a card charge.
type ChargeParams struct {
	Amount        int64
	Currency      string
	PaymentMethod string
	Customer      string
	Description   string
	ReturnURL     string
	Metadata      map[string]string
}

// Charge is the processor's charge object.
type Charge struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	Amount      int64  `json:"amount"`
	Currency    string `json:"currency"`
	RedirectURL string `json:"next_action_url"`
	FailureCode string `json:"failure_code"`
}

// RefundParams describes a (partial) refund.
type RefundParams struct {
	ChargeID string
	Amount   int64
	Reason   string
	Metadata map[string]string
}

// Refund is the processor's refund object.
type Refund struct {
	ID     string `json:"id"`
	Status string `json:"status"`
	Amount int64  `json:"amount"`
}

type callOptions struct {
	idempotencyKey string
	account        string
}

// Option customises one call.
type Option func(*callOptions)

// WithIdempotencyKey makes the processor replay the first response for
// any later request carrying the same key (24h window).
func WithIdempotencyKey(key string) Option {
	return func(o *callOptions) { o.idempotencyKey = key }
}

// WithConnectedAccount routes the call to a sub-merchant.
func WithConnectedAccount(acct string) Option {
	return func(o *callOptions) { o.account = acct }
}

// CreateCharge charges a stored payment method.
func (c *Client) CreateCharge(ctx context.Context, p ChargeParams, opts ...Option) (*Charge, error) {
	form := url.Values{}
	form.Set("amount", strconv.FormatInt(p.Amount, 10))
	form.Set("currency", strings.ToLower(p.Currency))
	form.Set("payment_method", p.PaymentMethod)
	form.Set("customer", p.Customer)
	form.Set("description", p.Description)
	form.Set("confirm", "true")
	if p.ReturnURL != "" {
		form.Set("return_url", p.ReturnURL)
	}
	for k, v := range p.Metadata {
		form.Set("metadata["+k+"]", v)
	}
	var out Charge
	if err := c.post(ctx, "/v1/charges", form, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

// CreateRefund refunds all or part of a charge.
func (c *Client) CreateRefund(ctx context.Context, p RefundParams, opts ...Option) (*Refund, error) {
	form := url.Values{}
	form.Set("charge", p.ChargeID)
	form.Set("amount", strconv.FormatInt(p.Amount, 10))
	if p.Reason != "" {
		form.Set("reason", p.Reason)
	}
	for k, v := range p.Metadata {
		form.Set("metadata["+k+"]", v)
	}
	var out Refund
	if err := c.post(ctx, "/v1/refunds", form, &out, opts); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) post(ctx context.Context, path string, form url.Values, out any, opts []Option) error {
	var o callOptions
	for _, fn := range opts {
		fn(&o)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+path, strings.NewReader(form.Encode()))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.key)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if o.idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", o.idempotencyKey)
	}
	if o.account != "" {
		req.Header.Set("Processor-Account", o.account)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("cardproc: %s: %w", path, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		var e struct {
			Error struct {
				Code    string `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
		}
		_ = json.Unmarshal(body, &e)
		return fmt.Errorf("cardproc: %s: %d %s %s", path, resp.StatusCode, e.Error.Code, e.Error.Message)
	}
	return json.Unmarshal(body, out)
}

// Event is a processor webhook.
type Event struct {
	ID      string `json:"id"`
	Type    string `json:"type"`
	Created int64  `json:"created"`
	Data    struct {
		Object struct {
			ID       string            `json:"id"`
			Amount   int64             `json:"amount"`
			Currency string            `json:"currency"`
			Status   string            `json:"status"`
			Metadata map[string]string `json:"metadata"`
		} `json:"object"`
	} `json:"data"`
}

// VerifySignature validates the "t=...,v1=..." signature header.
func VerifySignature(secret string, payload []byte, header string, tolerance time.Duration) error {
	var ts, sig string
	for _, part := range strings.Split(header, ",") {
		k, v, _ := strings.Cut(part, "=")
		switch k {
		case "t":
			ts = v
		case "v1":
			sig = v
		}
	}
	if ts == "" || sig == "" {
		return errors.New("cardproc: malformed signature header")
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return err
	}
	if time.Since(time.Unix(sec, 0)) > tolerance {
		return errors.New("cardproc: signature too old")
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts + "."))
	mac.Write(payload)
	if !hmac.Equal([]byte(hex.EncodeToString(mac.Sum(nil))), []byte(sig)) {
		return errors.New("cardproc: signature mismatch")
	}
	return nil
}
