// Package repairnet talks to repair partners that implement the shared
// "RepairNet" pickup API. Partners run their own deployments; each has its
// own base URL and token. The API has no request deduplication: every
// accepted POST /pickups books a courier.
package repairnet

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

	"github.com/hashicorp/go-retryablehttp"
)

// Partner identifies a partner deployment.
type Partner struct {
	ID      string
	BaseURL string
	Token   string
}

type Client struct {
	http *retryablehttp.Client
	// tokenFor resolves a partner's API token from the secret store.
	tokenFor func(partnerID string) (string, error)
}

func New(httpClient *retryablehttp.Client, tokenFor func(string) (string, error)) *Client {
	return &Client{http: httpClient, tokenFor: tokenFor}
}

type Address struct {
	Line1      string `json:"line1"`
	City       string `json:"city"`
	Region     string `json:"region"`
	PostalCode string `json:"postal_code"`
}

type PickupRequest struct {
	Reference   string    `json:"reference"`
	AssetTag    string    `json:"asset_tag"`
	Description string    `json:"description"`
	Category    string    `json:"category"`
	Severity    string    `json:"severity"`
	PickupFrom  Address   `json:"pickup_from"`
	ReadyAt     time.Time `json:"ready_at"`
	Contact     string    `json:"contact_phone"`
}

type Pickup struct {
	ID          string    `json:"id"`
	Status      string    `json:"status"`
	ScheduledAt time.Time `json:"scheduled_at"`
}

// CreatePickup books a courier pickup of a damaged tool.
func (c *Client) CreatePickup(ctx context.Context, p Partner, req PickupRequest) (*Pickup, error) {
	tok := p.Token
	if tok == "" {
		var err error
		if tok, err = c.tokenFor(p.ID); err != nil {
			return nil, fmt.Errorf("repairnet: token for %s: %w", p.ID, err)
		}
	}
	b, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	r, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(p.BaseURL, "/")+"/api/pickups", bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	r.Header.Set("Authorization", "Bearer "+tok)
	r.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(r)
	if err != nil {
		return nil, fmt.Errorf("repairnet: %s create pickup: %w", p.ID, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
	if resp.StatusCode >= 300 {
		return nil, fmt.Errorf("repairnet: %s create pickup: status %d: %s", p.ID, resp.StatusCode, strings.TrimSpace(string(raw)))
	}
	var out Pickup
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, fmt.Errorf("repairnet: decode pickup: %w", err)
	}
	return &out, nil
}

// StatusUpdate is what a partner posts to our webhook as a repair
// progresses. Partners resend an update until we answer 2xx.
type StatusUpdate struct {
	EventID    string    `json:"event_id"`
	PickupID   string    `json:"pickup_id"`
	Status     string    `json:"status"`
	Note       string    `json:"note"`
	QuoteCents *int64    `json:"quote_cents,omitempty"`
	OccurredAt time.Time `json:"occurred_at"`
}

const (
	StatusCollected    = "collected"
	StatusQuoted       = "quoted"
	StatusRepaired     = "repaired"
	StatusReturned     = "returned"
	StatusBeyondRepair = "beyond_repair"
)

// VerifySignature checks X-RepairNet-Signature (hex HMAC-SHA256 of body).
func VerifySignature(key, header string, body []byte) bool {
	mac := hmac.New(sha256.New, []byte(key))
	mac.Write(body)
	return hmac.Equal([]byte(hex.EncodeToString(mac.Sum(nil))), []byte(header))
}
