// Package partnerapi pushes booking changes to partner travel agents.
//
// Every partner implements our published Agent Callback API at the URL they
// registered. The spec asks partners to de-duplicate deliveries by the
// Idempotency-Key header for 72 hours, and to verify X-Northline-Signature.
package partnerapi

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"github.com/google/uuid"

	"github.com/northline/coachbus/internal/platform/httpx"
	"github.com/northline/coachbus/internal/platform/retry"
)

// Client signs and delivers callbacks.
type Client struct {
	secret []byte
	hc     *http.Client
	policy retry.Policy
	now    func() time.Time
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient overrides the default HTTP client.
func WithHTTPClient(hc *http.Client) Option { return func(c *Client) { c.hc = hc } }

// WithRetryPolicy overrides the default retry policy.
func WithRetryPolicy(p retry.Policy) Option { return func(c *Client) { c.policy = p } }

// New builds a client.
func New(signingSecret string, opts ...Option) *Client {
	c := &Client{
		secret: []byte(signingSecret),
		hc:     &http.Client{Timeout: 10 * time.Second},
		policy: retry.Policy{Attempts: 4, BaseDelay: 500 * time.Millisecond, MaxDelay: 5 * time.Second},
		now:    time.Now,
	}
	c.policy.Retryable = httpx.Transient
	for _, o := range opts {
		o(c)
	}
	return c
}

// BookingUpdate is the callback body.
type BookingUpdate struct {
	Event          string     `json:"event"`
	AgentReference string     `json:"agent_reference"`
	BookingID      string     `json:"booking_id"`
	TicketID       string     `json:"ticket_id,omitempty"`
	NewTicketID    string     `json:"new_ticket_id,omitempty"`
	NewTripID      string     `json:"new_trip_id,omitempty"`
	DepartsAt      *time.Time `json:"departs_at,omitempty"`
	RefundMinor    int64      `json:"refund_minor,omitempty"`
	Currency       string     `json:"currency,omitempty"`
}

// PushBookingUpdate delivers u to the partner's callback URL.
func (c *Client) PushBookingUpdate(ctx context.Context, callbackURL string, u BookingUpdate) error {
	body, err := json.Marshal(u)
	if err != nil {
		return err
	}
	return retry.Run(ctx, c.policy, func(ctx context.Context) error {
		req, err := c.newRequest(ctx, callbackURL, body)
		if err != nil {
			return retry.Permanent(err)
		}
		return httpx.DoJSON(c.hc, req, nil)
	})
}

func (c *Client) newRequest(ctx context.Context, url string, body []byte) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	ts := strconv.FormatInt(c.now().Unix(), 10)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", uuid.NewString())
	req.Header.Set("X-Northline-Timestamp", ts)
	req.Header.Set("X-Northline-Signature", c.sign(ts, body))
	return req, nil
}

func (c *Client) sign(ts string, body []byte) string {
	m := hmac.New(sha256.New, c.secret)
	m.Write([]byte(ts))
	m.Write([]byte("."))
	m.Write(body)
	return hex.EncodeToString(m.Sum(nil))
}
