// Package paygate is a client for Paygate, the card processor the city's
// treasury contracts for online payments.
package paygate

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
	"strings"
	"time"
)

// Options configures a Client.
type Options struct {
	BaseURL       string
	APIKey        string
	WebhookSecret string
	Timeout       time.Duration
}

// Client talks to the Paygate REST API.
type Client struct {
	opts Options
	http *http.Client
}

// New returns a client.
func New(o Options) *Client {
	if o.Timeout == 0 {
		o.Timeout = 20 * time.Second
	}
	return &Client{opts: o, http: &http.Client{Timeout: o.Timeout}}
}

// ChargeRequest creates a charge. Paygate stores the response for an
// Idempotency-Key for 24 hours and replays it for a repeated request with the
// same key.
type ChargeRequest struct {
	AmountCents    int64             `json:"amount"`
	Currency       string            `json:"currency"`
	Source         string            `json:"source,omitempty"`
	Customer       string            `json:"customer,omitempty"`
	PaymentMethod  string            `json:"payment_method,omitempty"`
	Description    string            `json:"description"`
	Metadata       map[string]string `json:"metadata,omitempty"`
	IdempotencyKey string            `json:"-"`
}

// Charge is Paygate's charge object, trimmed to what we read.
type Charge struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	AmountCents int64  `json:"amount"`
	FailureCode string `json:"failure_code,omitempty"`
}

// DeclineError is returned for a card decline (HTTP 402).
type DeclineError struct{ Code, Message string }

func (e *DeclineError) Error() string { return "paygate: declined: " + e.Code + ": " + e.Message }

// CreateCharge posts a charge.
func (c *Client) CreateCharge(ctx context.Context, req ChargeRequest) (*Charge, error) {
	body, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	httpReq, err := http.NewRequestWithContext(ctx, http.MethodPost, c.opts.BaseURL+"/v2/charges", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	httpReq.Header.Set("Authorization", "Bearer "+c.opts.APIKey)
	httpReq.Header.Set("Content-Type", "application/json")
	if req.IdempotencyKey != "" {
		httpReq.Header.Set("Idempotency-Key", req.IdempotencyKey)
	}
	resp, err := c.http.Do(httpReq)
	if err != nil {
		return nil, fmt.Errorf("paygate: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))

	switch {
	case resp.StatusCode == http.StatusPaymentRequired:
		var e struct {
			Error struct{ Code, Message string } `json:"error"`
		}
		_ = json.Unmarshal(raw, &e)
		return nil, &DeclineError{Code: e.Error.Code, Message: e.Error.Message}
	case resp.StatusCode >= 300:
		return nil, fmt.Errorf("paygate: status %d: %s", resp.StatusCode, strings.TrimSpace(string(raw)))
	}
	var ch Charge
	if err := json.Unmarshal(raw, &ch); err != nil {
		return nil, fmt.Errorf("paygate: decode charge: %w", err)
	}
	return &ch, nil
}

// Event is a webhook event.
type Event struct {
	ID      string          `json:"id"`
	Type    string          `json:"type"`
	Created int64           `json:"created"`
	Data    json.RawMessage `json:"data"`
}

// ChargeEventData is the payload of charge.* events.
type ChargeEventData struct {
	ChargeID    string            `json:"id"`
	AmountCents int64             `json:"amount"`
	Status      string            `json:"status"`
	Metadata    map[string]string `json:"metadata"`
}

var ErrBadSignature = errors.New("paygate: bad webhook signature")

// ParseWebhook checks the Paygate-Signature header ("t=<unix>,v1=<hex>") and
// decodes the event.
func (c *Client) ParseWebhook(body []byte, header string, now time.Time) (*Event, error) {
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
		return nil, ErrBadSignature
	}
	mac := hmac.New(sha256.New, []byte(c.opts.WebhookSecret))
	mac.Write([]byte(ts + "." + string(body)))
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(sig)) {
		return nil, ErrBadSignature
	}
	var evt Event
	if err := json.Unmarshal(body, &evt); err != nil {
		return nil, fmt.Errorf("paygate: decode event: %w", err)
	}
	_ = now
	return &evt, nil
}
