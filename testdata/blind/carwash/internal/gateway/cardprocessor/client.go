// Package cardprocessor is the client for Tillpoint, the card processor that
// vaults customer cards and runs charges and refunds for washclub.
//
// Tillpoint supports an Idempotency-Key header on every POST. The first
// response for a key is stored for 24 hours and replayed for any later
// request that carries the same key, so a charge or refund sent twice with
// one key moves money once.
package cardprocessor

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/brightbay/washclub/internal/platform"
)

const defaultBaseURL = "https://api.tillpoint.com/v2"

// Charge statuses reported by Tillpoint.
const (
	StatusSucceeded = "succeeded"
	StatusPending   = "pending"
	StatusDeclined  = "declined"
)

// Client calls the Tillpoint REST API.
type Client struct {
	baseURL    string
	apiKey     string
	httpClient *http.Client
	retries    int
	baseDelay  time.Duration
	doer       platform.Doer
}

// Option configures a Client.
type Option func(*Client)

// WithBaseURL points the client at another Tillpoint environment.
func WithBaseURL(u string) Option { return func(c *Client) { c.baseURL = u } }

// WithHTTPClient replaces the underlying *http.Client.
func WithHTTPClient(hc *http.Client) Option { return func(c *Client) { c.httpClient = hc } }

// WithRetries sets how many times a failed request is resent.
func WithRetries(n int, baseDelay time.Duration) Option {
	return func(c *Client) {
		c.retries = n
		c.baseDelay = baseDelay
	}
}

// New returns a Tillpoint client authenticated with apiKey.
func New(apiKey string, opts ...Option) *Client {
	c := &Client{
		baseURL:    defaultBaseURL,
		apiKey:     apiKey,
		httpClient: &http.Client{Timeout: 20 * time.Second},
		retries:    2,
		baseDelay:  250 * time.Millisecond,
	}
	for _, o := range opts {
		o(c)
	}
	c.doer = platform.RetryDoer{Next: c.httpClient, MaxRetries: c.retries, BaseDelay: c.baseDelay}
	return c
}

// ChargeRequest charges a vaulted card.
type ChargeRequest struct {
	IdempotencyKey string            `json:"-"`
	CardToken      string            `json:"card_token"`
	AmountCents    int64             `json:"amount"`
	Currency       string            `json:"currency"`
	Description    string            `json:"description"`
	Metadata       map[string]string `json:"metadata,omitempty"`
}

// Charge is Tillpoint's charge object.
type Charge struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	AmountCents int64  `json:"amount"`
	DeclineCode string `json:"decline_code,omitempty"`
}

// RefundRequest refunds all or part of a charge.
type RefundRequest struct {
	IdempotencyKey string `json:"-"`
	ChargeID       string `json:"charge"`
	AmountCents    int64  `json:"amount"`
	Reason         string `json:"reason,omitempty"`
}

// Refund is Tillpoint's refund object.
type Refund struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// DeclineError is returned when the issuer declines a charge.
type DeclineError struct {
	ChargeID string
	Code     string
}

func (e *DeclineError) Error() string { return "card declined: " + e.Code }

// IsDeclined reports whether err is a card decline.
func IsDeclined(err error) bool {
	var d *DeclineError
	return errors.As(err, &d)
}

// Charge creates a charge. A declined card returns the charge together with a
// *DeclineError.
func (c *Client) Charge(ctx context.Context, req ChargeRequest) (*Charge, error) {
	if req.Currency == "" {
		req.Currency = "usd"
	}
	httpReq, err := platform.NewJSONRequest(ctx, http.MethodPost, c.baseURL, "/charges", req,
		platform.WithBearer(c.apiKey),
		platform.WithIdempotencyKey(req.IdempotencyKey),
	)
	if err != nil {
		return nil, err
	}
	var out Charge
	if err := c.send(httpReq, &out); err != nil {
		return nil, fmt.Errorf("tillpoint charge: %w", err)
	}
	if out.Status == StatusDeclined {
		return &out, &DeclineError{ChargeID: out.ID, Code: out.DeclineCode}
	}
	return &out, nil
}

// Refund refunds a charge.
func (c *Client) Refund(ctx context.Context, req RefundRequest) (*Refund, error) {
	httpReq, err := platform.NewJSONRequest(ctx, http.MethodPost, c.baseURL, "/refunds", req,
		platform.WithBearer(c.apiKey),
		platform.WithIdempotencyKey(req.IdempotencyKey),
	)
	if err != nil {
		return nil, err
	}
	var out Refund
	if err := c.send(httpReq, &out); err != nil {
		return nil, fmt.Errorf("tillpoint refund: %w", err)
	}
	return &out, nil
}

func (c *Client) send(req *http.Request, out any) error {
	resp, err := c.doer.Do(req)
	if err != nil {
		return err
	}
	return platform.DecodeJSONResponse(resp, out)
}

// Event is a Tillpoint webhook delivery. Tillpoint delivers at least once and
// retries for up to three days until it receives a 2xx.
type Event struct {
	ID      string    `json:"id"`
	Type    string    `json:"type"`
	Created int64     `json:"created"`
	Data    EventData `json:"data"`
}

// EventData is the object an event refers to.
type EventData struct {
	ChargeID    string            `json:"charge_id"`
	RefundID    string            `json:"refund_id,omitempty"`
	AmountCents int64             `json:"amount"`
	FailureCode string            `json:"failure_code,omitempty"`
	Metadata    map[string]string `json:"metadata,omitempty"`
}

// Webhook event types handled by washclub.
const (
	EventChargeSucceeded = "charge.succeeded"
	EventChargeFailed    = "charge.failed"
	EventChargeRefunded  = "charge.refunded"
)

// ParseEvent verifies the Tillpoint-Signature header and decodes payload.
// The header has the form "t=<unix seconds>,v1=<hex hmac-sha256>", signed
// over "<t>.<payload>".
func ParseEvent(secret string, payload []byte, header string, now time.Time) (*Event, error) {
	var ts, sig string
	for _, part := range strings.Split(header, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
		switch k {
		case "t":
			ts = v
		case "v1":
			sig = v
		}
	}
	if ts == "" || sig == "" {
		return nil, errors.New("malformed signature header")
	}
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return nil, fmt.Errorf("signature timestamp: %w", err)
	}
	if d := now.Sub(time.Unix(unix, 0)); d > 5*time.Minute || d < -5*time.Minute {
		return nil, errors.New("signature timestamp outside tolerance")
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts))
	mac.Write([]byte("."))
	mac.Write(payload)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(sig)) {
		return nil, errors.New("signature mismatch")
	}
	var ev Event
	if err := json.Unmarshal(payload, &ev); err != nil {
		return nil, fmt.Errorf("decode event: %w", err)
	}
	return &ev, nil
}
