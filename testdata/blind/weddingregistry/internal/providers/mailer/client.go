// Package mailer is the client for the transactional email API.
//
// POST /emails accepts an Idempotency-Key header; the API remembers keys
// for 24 hours and returns the original message id for a repeated key.
// POST /emails/batch (up to 100 messages) has no idempotency support.
package mailer

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
	"time"

	"github.com/tiedknot/registry/internal/platform/metrics"
	"github.com/tiedknot/registry/internal/platform/retry"
)

// Config configures the client.
type Config struct {
	BaseURL       string
	APIKey        string
	WebhookSecret string
	From          string
}

// Client sends email.
type Client struct {
	cfg    Config
	http   *http.Client
	policy retry.Policy
	calls  *metrics.ProviderCalls
}

// New builds a Client.
func New(cfg Config, calls *metrics.ProviderCalls) *Client {
	p := retry.DefaultPolicy
	p.Retryable = isTransient
	return &Client{
		cfg:    cfg,
		http:   &http.Client{Timeout: 10 * time.Second},
		policy: p,
		calls:  calls,
	}
}

// Message is one email.
type Message struct {
	To       []string          `json:"to"`
	From     string            `json:"from"`
	ReplyTo  string            `json:"reply_to,omitempty"`
	Subject  string            `json:"subject"`
	HTML     string            `json:"html"`
	Text     string            `json:"text,omitempty"`
	Tags     map[string]string `json:"tags,omitempty"`
	Category string            `json:"category,omitempty"`
	// IdempotencyKey is sent as the Idempotency-Key header on /emails. It is
	// ignored by SendBatch.
	IdempotencyKey string `json:"-"`
}

type sendResponse struct {
	ID string `json:"id"`
}

// Send delivers one message and returns the provider's message id.
func (c *Client) Send(ctx context.Context, msg Message) (string, error) {
	if msg.From == "" {
		msg.From = c.cfg.From
	}
	body, err := json.Marshal(msg)
	if err != nil {
		return "", err
	}
	id, err := retry.Do(ctx, c.policy, func(ctx context.Context, _ int) (string, error) {
		var out sendResponse
		if err := c.post(ctx, "/emails", body, msg.IdempotencyKey, &out); err != nil {
			return "", err
		}
		return out.ID, nil
	})
	c.calls.Inc("mailer", "emails.send", err)
	return id, err
}

type batchResponse struct {
	Data []sendResponse `json:"data"`
}

// MaxBatch is the API's batch size limit.
const MaxBatch = 100

// SendBatch delivers up to MaxBatch messages in one call and returns their
// message ids in order.
func (c *Client) SendBatch(ctx context.Context, msgs []Message) ([]string, error) {
	if len(msgs) == 0 {
		return nil, nil
	}
	if len(msgs) > MaxBatch {
		return nil, fmt.Errorf("mailer: batch of %d exceeds %d", len(msgs), MaxBatch)
	}
	for i := range msgs {
		if msgs[i].From == "" {
			msgs[i].From = c.cfg.From
		}
	}
	body, err := json.Marshal(msgs)
	if err != nil {
		return nil, err
	}
	ids, err := retry.Do(ctx, c.policy, func(ctx context.Context, _ int) ([]string, error) {
		var out batchResponse
		if err := c.post(ctx, "/emails/batch", body, "", &out); err != nil {
			return nil, err
		}
		ids := make([]string, len(out.Data))
		for i, d := range out.Data {
			ids[i] = d.ID
		}
		return ids, nil
	})
	c.calls.Inc("mailer", "emails.batch", err)
	return ids, err
}

// APIError is a non-2xx response.
type APIError struct {
	StatusCode int
	Name       string `json:"name"`
	Message    string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("mailer: %d %s: %s", e.StatusCode, e.Name, e.Message)
}

func (c *Client) post(ctx context.Context, path string, body []byte, idemKey string, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.cfg.BaseURL+path, bytes.NewReader(body))
	if err != nil {
		return retry.Permanent(err)
	}
	req.Header.Set("Authorization", "Bearer "+c.cfg.APIKey)
	req.Header.Set("Content-Type", "application/json")
	if idemKey != "" {
		req.Header.Set("Idempotency-Key", idemKey)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{StatusCode: resp.StatusCode}
		_ = json.Unmarshal(raw, apiErr)
		return apiErr
	}
	return json.Unmarshal(raw, out)
}

func isTransient(err error) bool {
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		return apiErr.StatusCode == http.StatusTooManyRequests || apiErr.StatusCode >= 500
	}
	return !retry.IsPermanent(err)
}

// Event is a delivery callback.
type Event struct {
	Type      string    `json:"type"`
	CreatedAt time.Time `json:"created_at"`
	Data      struct {
		EmailID string   `json:"email_id"`
		To      []string `json:"to"`
	} `json:"data"`
}

// ErrBadSignature is returned for a callback whose signature does not match.
var ErrBadSignature = errors.New("mailer: bad webhook signature")

// ParseWebhook verifies the Mailer-Signature header and decodes the event.
func (c *Client) ParseWebhook(body []byte, signature string) (Event, error) {
	mac := hmac.New(sha256.New, []byte(c.cfg.WebhookSecret))
	mac.Write(body)
	got, err := hex.DecodeString(signature)
	if err != nil || !hmac.Equal(mac.Sum(nil), got) {
		return Event{}, ErrBadSignature
	}
	var evt Event
	if err := json.Unmarshal(body, &evt); err != nil {
		return Event{}, fmt.Errorf("mailer: decode webhook: %w", err)
	}
	return evt, nil
}
