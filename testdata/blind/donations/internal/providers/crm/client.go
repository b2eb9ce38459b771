// Package crm is the donor CRM's REST client. Contacts are upserted with
// PUT on our external id, which is naturally idempotent. Activities are
// created with POST; the CRM honours an optional Idempotency-Key header on
// that endpoint and replays the original activity for a repeated key.
package crm

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"

	"github.com/kindredgive/donations/internal/config"
)

// Contact is a CRM contact keyed by our donor id.
type Contact struct {
	ExternalID     string            `json:"external_id"`
	Email          string            `json:"email"`
	FirstName      string            `json:"first_name"`
	LastName       string            `json:"last_name"`
	Postcode       string            `json:"postcode,omitempty"`
	MarketingOptIn bool              `json:"marketing_opt_in"`
	Custom         map[string]string `json:"custom,omitempty"`
}

// Activity is a timeline entry on a contact (a gift, a refund, ...).
type Activity struct {
	ContactExternalID string         `json:"contact_external_id"`
	Type              string         `json:"type"`
	OccurredAt        time.Time      `json:"occurred_at"`
	AmountMinor       int64          `json:"amount_minor,omitempty"`
	Currency          string         `json:"currency,omitempty"`
	Properties        map[string]any `json:"properties,omitempty"`
}

// ContactResult is the CRM's answer to an upsert.
type ContactResult struct {
	ID      string `json:"id"`
	Created bool   `json:"created"`
}

// ActivityResult is the CRM's answer to an activity create.
type ActivityResult struct {
	ID string `json:"id"`
}

// Option customises one call.
type Option func(*http.Request)

// IdempotencyKey sets the CRM's Idempotency-Key header.
func IdempotencyKey(k string) Option {
	return func(r *http.Request) { r.Header.Set("Idempotency-Key", k) }
}

// Client is the CRM API surface used by the sync services.
type Client interface {
	UpsertContact(ctx context.Context, c Contact) (*ContactResult, error)
	CreateActivity(ctx context.Context, a Activity, opts ...Option) (*ActivityResult, error)
}

type client struct {
	base  string
	token string
	http  *http.Client
}

// New returns a CRM client.
func New(cfg *config.Config) Client {
	return &client{base: cfg.CRM.BaseURL, token: cfg.CRM.Token, http: &http.Client{Timeout: 10 * time.Second}}
}

func (c *client) UpsertContact(ctx context.Context, ct Contact) (*ContactResult, error) {
	var out ContactResult
	err := c.call(ctx, http.MethodPut, "/contacts/"+url.PathEscape(ct.ExternalID), ct, &out, nil)
	return &out, err
}

func (c *client) CreateActivity(ctx context.Context, a Activity, opts ...Option) (*ActivityResult, error) {
	var out ActivityResult
	err := c.call(ctx, http.MethodPost, "/activities", a, &out, opts)
	return &out, err
}

func (c *client) call(ctx context.Context, method, path string, in, out any, opts []Option) error {
	b, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Content-Type", "application/json")
	for _, o := range opts {
		o(req)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("crm %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 300 {
		return fmt.Errorf("crm %s %s: status %d: %s", method, path, resp.StatusCode, raw)
	}
	if out != nil && len(raw) > 0 {
		return json.Unmarshal(raw, out)
	}
	return nil
}
