// Package supplierapi talks to the partner gateway that fronts our hotels,
// coach operators and guide agencies.
//
// Gateway contract (v2):
//   - POST   /v2/partners/{code}/holds          place a tentative hold.
//     Honours an Idempotency-Key header for 24h: a repeated key returns
//     the original hold instead of allocating more inventory.
//   - DELETE /v2/partners/{code}/holds/{ref}    release a hold; 404/410 mean
//     the hold is already gone.
//   - POST   /v2/partners/{code}/rooming-lists  submit a manifest. Every
//     submission becomes a new version at the property; there is no dedup.
//   - Webhooks are signed with HMAC-SHA256 over the raw body in
//     X-Partner-Signature.
package supplierapi

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
	"log/slog"
	"net/http"
	"net/url"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// Config configures the gateway client.
type Config struct {
	BaseURL       string
	APIKey        string
	WebhookSecret string
	RetryMax      int
	Timeout       time.Duration
}

// Client is a partner-gateway client.
type Client struct {
	http          *retryablehttp.Client
	baseURL       string
	apiKey        string
	webhookSecret []byte
}

// New builds a Client. Transport-level retries (connection resets, 429 and
// 5xx) are handled by go-retryablehttp with exponential backoff.
func New(cfg Config, logger *slog.Logger) *Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = cfg.RetryMax
	if rc.RetryMax == 0 {
		rc.RetryMax = 4
	}
	rc.RetryWaitMin = 250 * time.Millisecond
	rc.RetryWaitMax = 5 * time.Second
	if cfg.Timeout > 0 {
		rc.HTTPClient.Timeout = cfg.Timeout
	}
	rc.Logger = slogAdapter{logger}
	return &Client{
		http:          rc,
		baseURL:       cfg.BaseURL,
		apiKey:        cfg.APIKey,
		webhookSecret: []byte(cfg.WebhookSecret),
	}
}

// HoldRequest asks a supplier to hold inventory for one of our bookings.
type HoldRequest struct {
	PartnerCode string `json:"-"`
	ServiceKind string `json:"service_kind"`
	ServiceDate string `json:"service_date"`
	Nights      int    `json:"nights,omitempty"`
	Quantity    int    `json:"quantity"`
	// BookingRef is shown to the supplier's reservations team.
	BookingRef string `json:"booking_ref"`
	LeadName   string `json:"lead_name"`
	// IdempotencyKey is sent as the Idempotency-Key header when set.
	IdempotencyKey string `json:"-"`
}

// Hold is the gateway's view of a hold.
type Hold struct {
	Reference string    `json:"reference"`
	Status    string    `json:"status"`
	ExpiresAt time.Time `json:"expires_at"`
}

// ErrRejected is returned when the supplier refuses the request (no
// availability, closed date, bad request). Retrying will not help.
var ErrRejected = errors.New("supplierapi: rejected")

// PlaceHold asks the supplier for a tentative hold.
func (c *Client) PlaceHold(ctx context.Context, req HoldRequest) (*Hold, error) {
	headers := http.Header{}
	if req.IdempotencyKey != "" {
		headers.Set("Idempotency-Key", req.IdempotencyKey)
	}
	var out Hold
	if err := c.do(ctx, http.MethodPost, c.path(req.PartnerCode, "holds"), req, headers, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// ReleaseHold lets a hold go. Releasing a hold the supplier no longer has is
// treated as success.
func (c *Client) ReleaseHold(ctx context.Context, partnerCode, reference string) error {
	err := c.do(ctx, http.MethodDelete, c.path(partnerCode, "holds", reference), nil, nil, nil)
	var se *StatusError
	if errors.As(err, &se) && (se.Code == http.StatusNotFound || se.Code == http.StatusGone) {
		return nil
	}
	return err
}

// RoomingList is the manifest a hotel or coach operator works from.
type RoomingList struct {
	PartnerCode string         `json:"-"`
	DepartureID string         `json:"departure_ref"`
	ServiceDate string         `json:"service_date"`
	Nights      int            `json:"nights,omitempty"`
	Rooms       []RoomingEntry `json:"rooms"`
	Notes       string         `json:"notes,omitempty"`
}

// RoomingEntry is one room or seat with its occupants.
type RoomingEntry struct {
	BookingRef string   `json:"booking_ref"`
	Occupants  []string `json:"occupants"`
	Dietary    []string `json:"dietary,omitempty"`
}

// Submission is the gateway's receipt for a rooming list.
type Submission struct {
	ID      string `json:"submission_id"`
	Version int    `json:"version"`
}

// SubmitRoomingList sends a manifest to the supplier.
func (c *Client) SubmitRoomingList(ctx context.Context, list RoomingList) (*Submission, error) {
	var out Submission
	if err := c.do(ctx, http.MethodPost, c.path(list.PartnerCode, "rooming-lists"), list, nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Event is a webhook from the gateway.
type Event struct {
	ID          string          `json:"id"`
	Type        string          `json:"type"`
	PartnerCode string          `json:"partner_code"`
	OccurredAt  time.Time       `json:"occurred_at"`
	Data        json.RawMessage `json:"data"`
}

// HoldEventData is the payload of hold.* events.
type HoldEventData struct {
	Reference string `json:"reference"`
	Quantity  int    `json:"quantity"`
	Status    string `json:"status"`
}

// ErrBadSignature is returned for webhooks that fail verification.
var ErrBadSignature = errors.New("supplierapi: bad webhook signature")

// ParseWebhook verifies and decodes a gateway webhook.
func (c *Client) ParseWebhook(body []byte, signature string) (*Event, error) {
	mac := hmac.New(sha256.New, c.webhookSecret)
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(signature)) {
		return nil, ErrBadSignature
	}
	var ev Event
	if err := json.Unmarshal(body, &ev); err != nil {
		return nil, fmt.Errorf("supplierapi: decode webhook: %w", err)
	}
	return &ev, nil
}

// StatusError is a non-2xx gateway response.
type StatusError struct {
	Code int
	Body string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("supplierapi: status %d: %s", e.Code, e.Body)
}

func (c *Client) path(partnerCode string, parts ...string) string {
	p := c.baseURL + "/v2/partners/" + url.PathEscape(partnerCode)
	for _, s := range parts {
		p += "/" + url.PathEscape(s)
	}
	return p
}

func (c *Client) do(ctx context.Context, method, u string, body any, headers http.Header, out any) error {
	var rdr io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return fmt.Errorf("supplierapi: encode: %w", err)
		}
		rdr = bytes.NewReader(b)
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, method, u, rdr)
	if err != nil {
		return fmt.Errorf("supplierapi: new request: %w", err)
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, vs := range headers {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("supplierapi: %s %s: %w", method, u, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode >= 300 {
		se := &StatusError{Code: resp.StatusCode, Body: string(raw)}
		if resp.StatusCode == http.StatusConflict || resp.StatusCode == http.StatusUnprocessableEntity {
			return fmt.Errorf("%w: %s", ErrRejected, se.Body)
		}
		return se
	}
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			return fmt.Errorf("supplierapi: decode: %w", err)
		}
	}
	return nil
}

// slogAdapter lets retryablehttp log through slog.
type slogAdapter struct{ l *slog.Logger }

func (a slogAdapter) Error(msg string, kv ...interface{}) { a.log().Error(msg, kv...) }
func (a slogAdapter) Info(msg string, kv ...interface{})  { a.log().Debug(msg, kv...) }
func (a slogAdapter) Debug(msg string, kv ...interface{}) { a.log().Debug(msg, kv...) }
func (a slogAdapter) Warn(msg string, kv ...interface{})  { a.log().Warn(msg, kv...) }

func (a slogAdapter) log() *slog.Logger {
	if a.l == nil {
		return slog.Default()
	}
	return a.l.With("component", "supplierapi")
}
