// Package screening is a client for the ClearCheck background screening API.
//
// ClearCheck honours an Idempotency-Key header on POST /orders: a repeated
// key within 24 hours returns the order that the first request created rather
// than opening (and billing) a second one.
package screening

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/fieldday/leagues/internal/config"
	"github.com/fieldday/leagues/internal/platform/httpx"
)

const providerName = "clearcheck"

// Order results.
const (
	ResultClear     = "clear"
	ResultConsider  = "consider"
	ResultSuspended = "suspended"
)

// Candidate is the person being screened.
type Candidate struct {
	FirstName string `json:"first_name"`
	LastName  string `json:"last_name"`
	Email     string `json:"email"`
	Phone     string `json:"phone,omitempty"`
}

// OrderRequest opens a screening order. The candidate completes consent and
// identity details through the invitation link the vendor emails them.
type OrderRequest struct {
	Candidate  Candidate         `json:"candidate"`
	Package    string            `json:"package"`
	ExternalID string            `json:"external_id,omitempty"`
	Tags       []string          `json:"tags,omitempty"`
	Metadata   map[string]string `json:"metadata,omitempty"`
}

// Order is the vendor's order resource.
type Order struct {
	ID        string    `json:"id"`
	Status    string    `json:"status"`
	InviteURL string    `json:"invitation_url"`
	CreatedAt time.Time `json:"created_at"`
}

// Event is a webhook delivery. Deliveries are retried with the same ID
// until the receiver returns 2xx.
type Event struct {
	ID          string    `json:"id"`
	Type        string    `json:"type"`
	OrderID     string    `json:"order_id"`
	ExternalID  string    `json:"external_id"`
	Result      string    `json:"result,omitempty"`
	CompletedAt time.Time `json:"completed_at"`
	ExpiresAt   time.Time `json:"expires_at"`
}

// Client talks to the vendor.
type Client struct {
	baseURL string
	apiKey  string
	pkg     string
	hc      *http.Client
}

// NewClient builds a client from configuration.
func NewClient(cfg *config.Config) *Client {
	return &Client{
		baseURL: strings.TrimRight(cfg.Screening.BaseURL, "/"),
		apiKey:  cfg.Screening.APIKey,
		pkg:     cfg.Screening.Package,
		hc:      httpx.NewClient(cfg.Screening.Timeout),
	}
}

// DefaultPackage is the screening package configured for the league.
func (c *Client) DefaultPackage() string { return c.pkg }

// CreateOrder opens an order. idempotencyKey may be empty.
func (c *Client) CreateOrder(ctx context.Context, idempotencyKey string, req OrderRequest) (*Order, error) {
	if req.Package == "" {
		req.Package = c.pkg
	}
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.apiKey)
	if idempotencyKey != "" {
		h.Set("Idempotency-Key", idempotencyKey)
	}
	var out Order
	if err := httpx.DoJSON(ctx, c.hc, httpx.Request{
		Provider: providerName,
		Method:   http.MethodPost,
		URL:      c.baseURL + "/orders",
		Header:   h,
		Body:     req,
	}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// GetOrder fetches an order by ID.
func (c *Client) GetOrder(ctx context.Context, id string) (*Order, error) {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.apiKey)
	var out Order
	if err := httpx.DoJSON(ctx, c.hc, httpx.Request{
		Provider: providerName,
		Method:   http.MethodGet,
		URL:      c.baseURL + "/orders/" + url.PathEscape(id),
		Header:   h,
	}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// ParseEvent verifies the ClearCheck-Signature header ("t=<unix>,v1=<hex>")
// and decodes the event.
func ParseEvent(secret string, body []byte, sigHeader string, now time.Time) (*Event, error) {
	if secret != "" {
		var ts, sig string
		for _, part := range strings.Split(sigHeader, ",") {
			k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
			switch k {
			case "t":
				ts = v
			case "v1":
				sig = v
			}
		}
		if ts == "" || sig == "" {
			return nil, fmt.Errorf("screening: malformed signature header")
		}
		mac := hmac.New(sha256.New, []byte(secret))
		mac.Write([]byte(ts + "." + string(body)))
		if !hmac.Equal([]byte(hex.EncodeToString(mac.Sum(nil))), []byte(sig)) {
			return nil, fmt.Errorf("screening: signature mismatch")
		}
		var unix int64
		if _, err := fmt.Sscanf(ts, "%d", &unix); err != nil || now.Sub(time.Unix(unix, 0)) > 10*time.Minute {
			return nil, fmt.Errorf("screening: stale signature timestamp")
		}
	}
	var evt Event
	if err := json.Unmarshal(body, &evt); err != nil {
		return nil, fmt.Errorf("screening: decode event: %w", err)
	}
	if evt.ID == "" {
		return nil, fmt.Errorf("screening: event without id")
	}
	return &evt, nil
}
