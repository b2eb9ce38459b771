// Package retailerhook delivers outbound webhooks to retailer partners.
// Retailers deduplicate deliveries on the X-Event-ID header.
package retailerhook

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/pantryco/fulfilment/internal/platform/httpx"
)

// EndpointResolver returns the webhook URL of a retailer.
type EndpointResolver func(ctx context.Context, retailerID string) (string, error)

// Client sends signed webhooks.
type Client struct {
	http     *http.Client
	secret   []byte
	resolve  EndpointResolver
	userAgnt string
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient overrides the HTTP client.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// WithSigningSecret sets the HMAC secret.
func WithSigningSecret(s string) Option { return func(c *Client) { c.secret = []byte(s) } }

// WithEndpointResolver sets how retailer URLs are found.
func WithEndpointResolver(r EndpointResolver) Option { return func(c *Client) { c.resolve = r } }

// New builds a Client.
func New(opts ...Option) *Client {
	c := &Client{
		http:     &http.Client{Timeout: 10 * time.Second},
		userAgnt: "pantry-fulfilment-webhooks/1",
		resolve: func(_ context.Context, retailerID string) (string, error) {
			return "https://" + retailerID + ".partners.example.invalid/pantry/webhooks", nil
		},
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Event is one webhook delivery.
type Event struct {
	ID         string          `json:"id"`
	Type       string          `json:"type"`
	RetailerID string          `json:"-"`
	OccurredAt time.Time       `json:"occurred_at"`
	Data       json.RawMessage `json:"data"`
}

// NewEvent builds an event for a retailer.
func NewEvent(id, retailerID, typ string, data any) (Event, error) {
	raw, err := json.Marshal(data)
	if err != nil {
		return Event{}, fmt.Errorf("marshal webhook data: %w", err)
	}
	return Event{ID: id, Type: typ, RetailerID: retailerID, OccurredAt: time.Now().UTC(), Data: raw}, nil
}

// Send posts the event; X-Event-ID carries ev.ID.
func (c *Client) Send(ctx context.Context, ev Event) error {
	url, err := c.resolve(ctx, ev.RetailerID)
	if err != nil {
		return fmt.Errorf("resolve retailer endpoint: %w", err)
	}
	body, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	ts := strconv.FormatInt(time.Now().Unix(), 10)

	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", c.userAgnt)
	req.Header.Set("X-Event-ID", ev.ID)
	req.Header.Set("X-Event-Type", ev.Type)
	req.Header.Set("X-Signature", c.sign(ts, body))
	req.Header.Set("X-Signature-Timestamp", ts)

	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("webhook post: %w", err)
	}
	defer resp.Body.Close()
	return httpx.CheckResponse(resp)
}

func (c *Client) sign(ts string, body []byte) string {
	mac := hmac.New(sha256.New, c.secret)
	mac.Write([]byte(ts))
	mac.Write([]byte("."))
	mac.Write(body)
	return "v1=" + hex.EncodeToString(mac.Sum(nil))
}
