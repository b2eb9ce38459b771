// Package sms is the client for Textline, the SMS gateway used for recipient
// notifications. Textline has no request deduplication: every accepted POST is
// a message handed to the carrier.
package sms

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// Client sends SMS through Textline.
type Client struct {
	baseURL  string
	username string
	token    string
	sender   string
	http     *http.Client
}

// Option configures a Client.
type Option func(*Client)

// WithSender sets the alphanumeric sender id.
func WithSender(s string) Option { return func(c *Client) { c.sender = s } }

// WithHTTPClient replaces the underlying HTTP client.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// New returns a Textline client.
func New(baseURL, username, token string, opts ...Option) *Client {
	c := &Client{
		baseURL:  baseURL,
		username: username,
		token:    token,
		sender:   "Skyhop",
		http:     &http.Client{Timeout: 8 * time.Second},
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Receipt identifies an accepted message.
type Receipt struct {
	MessageID string `json:"message_id"`
	Segments  int    `json:"segments"`
}

// Send submits one text message.
func (c *Client) Send(ctx context.Context, to, body string) (*Receipt, error) {
	payload, err := json.Marshal(map[string]string{"from": c.sender, "to": to, "text": body})
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v2/messages", bytes.NewReader(payload))
	if err != nil {
		return nil, err
	}
	req.SetBasicAuth(c.username, c.token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("textline: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusAccepted && resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("textline: unexpected status %d", resp.StatusCode)
	}
	var r Receipt
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		return nil, fmt.Errorf("textline: decode receipt: %w", err)
	}
	return &r, nil
}
