// Package notify sends member and guest email and text messages.
package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Mailer sends transactional email.
type Mailer interface {
	Send(ctx context.Context, msg Email, opts ...SendOption) (string, error)
}

// Email is one outbound message.
type Email struct {
	To       string            `json:"to"`
	Subject  string            `json:"subject"`
	HTML     string            `json:"html,omitempty"`
	Text     string            `json:"text,omitempty"`
	ReplyTo  string            `json:"reply_to,omitempty"`
	Tags     map[string]string `json:"tags,omitempty"`
	Template string            `json:"-"`
}

type sendOptions struct {
	idempotencyKey string
}

// SendOption customises a Send call.
type SendOption func(*sendOptions)

// WithIdempotencyKey makes the provider deliver at most one message for the
// key within its 24h window; repeated sends return the original message id.
func WithIdempotencyKey(key string) SendOption {
	return func(o *sendOptions) { o.idempotencyKey = key }
}

// HTTPMailer talks to the Postwire transactional email API.
type HTTPMailer struct {
	baseURL string
	apiKey  string
	from    string
	http    *http.Client
}

// NewHTTPMailer builds the mail client.
func NewHTTPMailer(baseURL, apiKey, from string) *HTTPMailer {
	return &HTTPMailer{baseURL: baseURL, apiKey: apiKey, from: from, http: &http.Client{Timeout: 10 * time.Second}}
}

type sendPayload struct {
	From string `json:"from"`
	Email
}

func (m *HTTPMailer) Send(ctx context.Context, msg Email, opts ...SendOption) (string, error) {
	var o sendOptions
	for _, opt := range opts {
		opt(&o)
	}
	body, err := json.Marshal(sendPayload{From: m.from, Email: msg})
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, m.baseURL+"/emails", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Authorization", "Bearer "+m.apiKey)
	req.Header.Set("Content-Type", "application/json")
	if o.idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", o.idempotencyKey)
	}
	resp, err := m.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("mail send: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 300 {
		return "", fmt.Errorf("mail send: status %d: %s", resp.StatusCode, bytes.TrimSpace(raw))
	}
	var out struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return "", fmt.Errorf("mail send: decode: %w", err)
	}
	return out.ID, nil
}
