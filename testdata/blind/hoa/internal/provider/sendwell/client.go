// Package sendwell is the client for Sendwell, the transactional email API
// used for owner notices, statements and dues reminders.
//
// Sendwell accepts an Idempotency-Key header on POST /emails and, for 24
// hours, answers a repeated key with the original message id without
// sending again.
package sendwell

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"github.com/larchway/hoaops/internal/config"
)

// Message is one outbound email.
type Message struct {
	To      string
	Subject string
	Text    string
	HTML    string
	Tag     string
}

type sendOptions struct {
	idempotencyKey string
}

// SendOption customises a Send call.
type SendOption func(*sendOptions)

// WithIdempotencyKey sets the Idempotency-Key header.
func WithIdempotencyKey(key string) SendOption {
	return func(o *sendOptions) { o.idempotencyKey = key }
}

// Client sends email through Sendwell.
type Client struct {
	baseURL string
	apiKey  string
	from    string
	http    *http.Client
}

// New builds a client from configuration.
func New(cfg config.Config) *Client {
	return &Client{
		baseURL: cfg.Sendwell.BaseURL,
		apiKey:  cfg.Sendwell.APIKey,
		from:    cfg.Sendwell.Sender,
		http:    &http.Client{Timeout: cfg.Sendwell.Timeout},
	}
}

// Send submits msg and returns Sendwell's message id.
func (c *Client) Send(ctx context.Context, msg Message, opts ...SendOption) (string, error) {
	var o sendOptions
	for _, opt := range opts {
		opt(&o)
	}
	body, err := json.Marshal(map[string]any{
		"from":    c.from,
		"to":      []string{msg.To},
		"subject": msg.Subject,
		"text":    msg.Text,
		"html":    msg.HTML,
		"tags":    []string{msg.Tag},
	})
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/emails", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	if o.idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", o.idempotencyKey)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("sendwell: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 300 {
		return "", fmt.Errorf("sendwell: status %d: %s", resp.StatusCode, raw)
	}
	var out struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return "", fmt.Errorf("sendwell: decode: %w", err)
	}
	return out.ID, nil
}
