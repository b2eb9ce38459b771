// Package processserver is the client for the ServeNet process-server
// network, which dispatches licensed servers to deliver papers in person and
// reports attempts and affidavits back by webhook.
//
// Every POST accepts an Idempotency-Key header. ServeNet stores keys for 72
// hours and replays the original response for a repeated key.
package processserver

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"
)

// Address is where papers are to be served.
type Address struct {
	Line1      string `json:"line1"`
	Line2      string `json:"line2,omitempty"`
	City       string `json:"city"`
	Region     string `json:"region"`
	PostalCode string `json:"postal_code"`
}

// BookingRequest asks the network to serve one party.
type BookingRequest struct {
	PartyName    string   `json:"party_name"`
	Address      Address  `json:"address"`
	CaseNumber   string   `json:"case_number"`
	CourtCode    string   `json:"court_code"`
	DocumentURLs []string `json:"document_urls"`
	Instructions string   `json:"instructions,omitempty"`
	Priority     string   `json:"priority"` // standard | rush
	CallbackTag  string   `json:"callback_tag,omitempty"`
}

// Booking is the network's acceptance of a job.
type Booking struct {
	ID           string    `json:"id"`
	Status       string    `json:"status"`
	FeeCents     int64     `json:"fee_cents"`
	EstimatedBy  time.Time `json:"estimated_by"`
	AssignedArea string    `json:"assigned_area"`
}

// Event is a webhook push from ServeNet.
type Event struct {
	ID           string    `json:"id"`
	Type         string    `json:"type"` // attempt | served | non_service
	BookingID    string    `json:"booking_id"`
	OccurredAt   time.Time `json:"occurred_at"`
	Outcome      string    `json:"outcome,omitempty"`
	Notes        string    `json:"notes,omitempty"`
	ServedTo     string    `json:"served_to,omitempty"`
	AffidavitURL string    `json:"affidavit_url,omitempty"`
	Reason       string    `json:"reason,omitempty"`
}

// Config configures the client.
type Config struct {
	BaseURL       string
	Token         string
	WebhookSecret string
}

// Client talks to ServeNet.
type Client struct {
	cfg Config
	hc  *http.Client
}

// New returns a client.
func New(cfg Config) *Client {
	return &Client{cfg: cfg, hc: &http.Client{Timeout: 30 * time.Second}}
}

// CreateBooking books a service job. idempotencyKey is sent as the
// Idempotency-Key header when non-empty.
func (c *Client) CreateBooking(ctx context.Context, in BookingRequest, idempotencyKey string) (*Booking, error) {
	var out Booking
	if err := c.post(ctx, "/v2/bookings", idempotencyKey, in, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// CancelBooking cancels an unserved booking.
func (c *Client) CancelBooking(ctx context.Context, bookingID, reason, idempotencyKey string) error {
	body := map[string]string{"reason": reason}
	return c.post(ctx, "/v2/bookings/"+url.PathEscape(bookingID)+"/cancel", idempotencyKey, body, nil)
}

// VerifySignature checks the ServeNet-Signature header (base64 HMAC-SHA256).
func (c *Client) VerifySignature(body []byte, header string) bool {
	mac := hmac.New(sha256.New, []byte(c.cfg.WebhookSecret))
	mac.Write(body)
	want := base64.StdEncoding.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(header))
}

// APIError is a non-2xx response.
type APIError struct {
	Status int
	Body   string
}

func (e *APIError) Error() string {
	return fmt.Sprintf("processserver: status %d: %s", e.Status, e.Body)
}

func (c *Client) post(ctx context.Context, path, key string, body, out any) error {
	u, err := url.JoinPath(c.cfg.BaseURL, path)
	if err != nil {
		return err
	}
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.cfg.Token)
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return fmt.Errorf("processserver: POST %s: %w", path, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		msg, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<10))
		return &APIError{Status: resp.StatusCode, Body: string(msg)}
	}
	if out == nil {
		return nil
	}
	return json.NewDecoder(resp.Body).Decode(out)
}
