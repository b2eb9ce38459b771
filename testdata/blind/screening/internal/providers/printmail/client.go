// Package printmail is the client for the print-and-mail provider that
// prints and posts adverse-action letters by first-class mail.
//
// The provider honours an Idempotency-Key header on POST /v1/letters for 24
// hours: a repeat request with the same key returns the original letter and
// is not printed again.
package printmail

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

type Client struct {
	baseURL string
	apiKey  string
	http    *http.Client
}

func NewClient(baseURL, apiKey string, hc *http.Client) *Client {
	if hc == nil {
		hc = &http.Client{Timeout: 30 * time.Second}
	}
	return &Client{baseURL: strings.TrimRight(baseURL, "/"), apiKey: apiKey, http: hc}
}

// Address is a postal address in the provider's format.
type Address struct {
	Name  string `json:"name"`
	Line1 string `json:"address_line1"`
	Line2 string `json:"address_line2,omitempty"`
	City  string `json:"address_city"`
	State string `json:"address_state"`
	Zip   string `json:"address_zip"`
}

// LetterRequest is a letter rendered from a stored template.
type LetterRequest struct {
	To          Address           `json:"to"`
	From        Address           `json:"from"`
	TemplateID  string            `json:"file"`
	MergeVars   map[string]any    `json:"merge_variables"`
	Color       bool              `json:"color"`
	MailType    string            `json:"mail_type"`
	Metadata    map[string]string `json:"metadata,omitempty"`
	Description string            `json:"description,omitempty"`
}

// Letter is the provider's record of a letter.
type Letter struct {
	ID                   string `json:"id"`
	ExpectedDeliveryDate string `json:"expected_delivery_date"`
}

// ExpectedDelivery parses the provider's expected delivery date.
func (l Letter) ExpectedDelivery() time.Time {
	t, err := time.Parse("2006-01-02", l.ExpectedDeliveryDate)
	if err != nil {
		return time.Time{}
	}
	return t
}

// CreateLetter submits a letter for printing. idempotencyKey is sent as the
// Idempotency-Key header when non-empty.
func (c *Client) CreateLetter(ctx context.Context, in LetterRequest, idempotencyKey string) (Letter, error) {
	body, err := json.Marshal(in)
	if err != nil {
		return Letter{}, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v1/letters", bytes.NewReader(body))
	if err != nil {
		return Letter{}, err
	}
	req.SetBasicAuth(c.apiKey, "")
	req.Header.Set("Content-Type", "application/json")
	if idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", idempotencyKey)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return Letter{}, fmt.Errorf("printmail: create letter: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode >= 300 {
		return Letter{}, &StatusError{Code: resp.StatusCode, Body: string(raw)}
	}
	var l Letter
	if err := json.Unmarshal(raw, &l); err != nil {
		return Letter{}, fmt.Errorf("printmail: decode letter: %w", err)
	}
	return l, nil
}

// StatusError is a non-2xx response.
type StatusError struct {
	Code int
	Body string
}

func (e *StatusError) Error() string { return fmt.Sprintf("printmail: status %d: %s", e.Code, e.Body) }

// Permanent reports whether resubmitting cannot succeed (bad address etc.).
func (e *StatusError) Permanent() bool {
	return e.Code >= 400 && e.Code < 500 && e.Code != http.StatusTooManyRequests
}

// Event is a tracking webhook from the provider.
type Event struct {
	ID         string    `json:"id"`
	Type       string    `json:"event_type"` // letter.in_transit, letter.delivered, letter.returned_to_sender, ...
	LetterID   string    `json:"letter_id"`
	Detail     string    `json:"detail"`
	Forwarding *Address  `json:"forwarding_address,omitempty"`
	OccurredAt time.Time `json:"date_created"`
}

var ErrBadSignature = errors.New("printmail: bad webhook signature")

// ParseWebhook checks the timestamped signature and decodes the event.
func ParseWebhook(secret string, body []byte, timestamp, signature string) (Event, error) {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(timestamp + "."))
	mac.Write(body)
	if !hmac.Equal([]byte(hex.EncodeToString(mac.Sum(nil))), []byte(signature)) {
		return Event{}, ErrBadSignature
	}
	var e Event
	if err := json.Unmarshal(body, &e); err != nil {
		return Event{}, fmt.Errorf("printmail: decode event: %w", err)
	}
	return e, nil
}
