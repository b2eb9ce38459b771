package retailer

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/tiedknot/registry/internal/platform/metrics"
)

// Directory resolves a partner client by name.
type Directory struct {
	partners map[string]*Client
}

// NewDirectory builds clients for every configured partner.
func NewDirectory(cfgs []PartnerConfig, calls *metrics.ProviderCalls) (*Directory, error) {
	d := &Directory{partners: make(map[string]*Client, len(cfgs))}
	hc := &http.Client{Timeout: 15 * time.Second}
	for _, cfg := range cfgs {
		c, err := NewClient(cfg, hc, calls)
		if err != nil {
			return nil, err
		}
		d.partners[cfg.Name] = c
	}
	return d, nil
}

// ErrUnknownPartner is returned for a retailer name with no configuration.
var ErrUnknownPartner = errors.New("retailer: unknown partner")

// Get returns the client for a partner.
func (d *Directory) Get(name string) (*Client, error) {
	c, ok := d.partners[name]
	if !ok {
		return nil, fmt.Errorf("%w: %q", ErrUnknownPartner, name)
	}
	return c, nil
}

// Names lists the configured partners.
// WebhookEvent is a partner's order status notification.
type WebhookEvent struct {
	EventID        string    `json:"event_id"`
	Type           string    `json:"type"`
	OrderID        string    `json:"order_id"`
	Carrier        string    `json:"carrier"`
	TrackingNumber string    `json:"tracking_number"`
	OccurredAt     time.Time `json:"occurred_at"`
}

// ErrBadSignature is returned for a webhook whose signature does not match.
var ErrBadSignature = errors.New("retailer: bad webhook signature")

// ParseWebhook verifies the X-Partner-Signature header and decodes the body.
func (c *Client) ParseWebhook(body []byte, signature string) (WebhookEvent, error) {
	mac := hmac.New(sha256.New, c.webhookSecret)
	mac.Write(body)
	want := mac.Sum(nil)
	got, err := hex.DecodeString(signature)
	if err != nil || !hmac.Equal(want, got) {
		return WebhookEvent{}, ErrBadSignature
	}
	var evt WebhookEvent
	if err := json.Unmarshal(body, &evt); err != nil {
		return WebhookEvent{}, fmt.Errorf("retailer %s: decode webhook: %w", c.name, err)
	}
	if evt.EventID == "" || evt.OrderID == "" {
		return WebhookEvent{}, fmt.Errorf("retailer %s: webhook missing event_id or order_id", c.name)
	}
	return evt, nil
}
