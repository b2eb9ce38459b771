// Package idverify talks to the document-and-selfie identity verification
// provider. Sessions are billed when created; the API has no request
// deduplication, and `reference` is a free-form label returned on webhooks.
package idverify

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
		hc = &http.Client{Timeout: 15 * time.Second}
	}
	return &Client{baseURL: strings.TrimRight(baseURL, "/"), apiKey: apiKey, http: hc}
}

// SessionRequest opens a hosted verification flow for an applicant.
type SessionRequest struct {
	Reference   string   `json:"reference"`
	FirstName   string   `json:"first_name"`
	LastName    string   `json:"last_name"`
	Email       string   `json:"email"`
	DateOfBirth string   `json:"date_of_birth"`
	ReturnURL   string   `json:"return_url"`
	Checks      []string `json:"checks"`
}

// Session is the provider's hosted session.
type Session struct {
	ID        string    `json:"id"`
	URL       string    `json:"url"`
	ExpiresAt time.Time `json:"expires_at"`
}

// CreateSession opens a new verification session.
func (c *Client) CreateSession(ctx context.Context, in SessionRequest) (Session, error) {
	body, err := json.Marshal(in)
	if err != nil {
		return Session{}, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v1/sessions", bytes.NewReader(body))
	if err != nil {
		return Session{}, err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return Session{}, fmt.Errorf("idverify: create session: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode != http.StatusCreated && resp.StatusCode != http.StatusOK {
		return Session{}, fmt.Errorf("idverify: create session: status %d: %s", resp.StatusCode, raw)
	}
	var s Session
	if err := json.Unmarshal(raw, &s); err != nil {
		return Session{}, fmt.Errorf("idverify: decode session: %w", err)
	}
	return s, nil
}

// Event is a webhook notification from the provider.
type Event struct {
	ID        string    `json:"id"`
	Type      string    `json:"type"` // session.verified, session.failed, session.expired
	SessionID string    `json:"session_id"`
	Reference string    `json:"reference"`
	Reason    string    `json:"reason,omitempty"`
	CreatedAt time.Time `json:"created_at"`
}

var ErrBadSignature = errors.New("idverify: bad webhook signature")

// ParseWebhook verifies the X-IDV-Signature header (hex HMAC-SHA256 of the
// body) and decodes the event.
func ParseWebhook(secret string, body []byte, signature string) (Event, error) {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	want := hex.EncodeToString(mac.Sum(nil))
	if !hmac.Equal([]byte(want), []byte(signature)) {
		return Event{}, ErrBadSignature
	}
	var e Event
	if err := json.Unmarshal(body, &e); err != nil {
		return Event{}, fmt.Errorf("idverify: decode event: %w", err)
	}
	return e, nil
}
