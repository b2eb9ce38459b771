// Package mailer is the HTTP client for Postwire, the transactional e-mail
// provider used for invoices, receipts and reminders.
//
// Postwire's send endpoint has no idempotency key and does not deduplicate
// on any field: every accepted request becomes a delivered message. Tags
// are for reporting only.
package mailer

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// Message is one e-mail.
type Message struct {
	From    string            `json:"from"`
	To      []string          `json:"to"`
	ReplyTo string            `json:"reply_to,omitempty"`
	Subject string            `json:"subject"`
	Text    string            `json:"text_body"`
	HTML    string            `json:"html_body,omitempty"`
	Tags    map[string]string `json:"tags,omitempty"`
}

// Error is a non-2xx answer.
type Error struct {
	StatusCode int
	Body       string
}

func (e *Error) Error() string { return fmt.Sprintf("mailer: status %d: %s", e.StatusCode, e.Body) }

// Retryable reports whether the send may be repeated.
func (e *Error) Retryable() bool { return e.StatusCode == 429 || e.StatusCode >= 500 }

// Client sends e-mail through Postwire.
type Client struct {
	endpoint string
	token    string
	from     string
	http     *http.Client
}

// New builds a client. from is the default sender.
func New(endpoint, token, from string) *Client {
	return &Client{
		endpoint: strings.TrimRight(endpoint, "/"),
		token:    token,
		from:     from,
		http:     &http.Client{Timeout: 15 * time.Second},
	}
}

// Send delivers msg and returns the provider's message id.
func (c *Client) Send(ctx context.Context, msg Message) (string, error) {
	if msg.From == "" {
		msg.From = c.from
	}
	b, err := json.Marshal(msg)
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint+"/v1/email", bytes.NewReader(b))
	if err != nil {
		return "", err
	}
	req.Header.Set("X-Postwire-Token", c.token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("mailer: send: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 300 {
		return "", &Error{StatusCode: resp.StatusCode, Body: string(raw)}
	}
	var out struct {
		MessageID string `json:"message_id"`
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return "", fmt.Errorf("mailer: decode: %w", err)
	}
	return out.MessageID, nil
}
