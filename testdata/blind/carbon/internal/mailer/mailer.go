// Package mailer sends transactional email through the mail provider's HTTP
// API.
package mailer

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// Message is one email.
type Message struct {
	To       string            `json:"to"`
	Subject  string            `json:"subject"`
	HTML     string            `json:"html"`
	Tags     []string          `json:"tags,omitempty"`
	Metadata map[string]string `json:"metadata,omitempty"`
}

// Sender sends email.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// Client is the HTTP Sender.
type Client struct {
	base, token, from string
	http              *http.Client
}

// New returns a mail client.
func New(base, token, from string) *Client {
	return &Client{base: base, token: token, from: from, http: &http.Client{Timeout: 15 * time.Second}}
}

func (c *Client) Send(ctx context.Context, m Message) error {
	payload := struct {
		From string `json:"from"`
		Message
	}{From: c.from, Message: m}
	body, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/v1/messages", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("mailer: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("mailer: status %d", resp.StatusCode)
	}
	return nil
}
