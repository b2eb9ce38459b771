// Package mailer is the client for the transactional e-mail API. The API
// honours an Idempotency-Key header for 24 hours.
package mailer

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

// Email is one transactional message.
type Email struct {
	To       string            `json:"to"`
	From     string            `json:"from"`
	Subject  string            `json:"subject"`
	Template string            `json:"template"`
	Data     map[string]string `json:"data"`
}

// SendOption adjusts a single send.
type SendOption func(*sendOpts)

type sendOpts struct {
	idempotencyKey string
	tags           []string
}

// IdempotencyKey sets the Idempotency-Key header.
func IdempotencyKey(k string) SendOption { return func(o *sendOpts) { o.idempotencyKey = k } }

// Tags labels the message for reporting.
func Tags(t ...string) SendOption { return func(o *sendOpts) { o.tags = append(o.tags, t...) } }

// Mailer sends transactional e-mail.
type Mailer interface {
	Send(ctx context.Context, e Email, opts ...SendOption) (messageID string, err error)
}

// Client is the HTTP implementation of Mailer.
type Client struct {
	baseURL string
	apiKey  string
	from    string
	hc      *retryablehttp.Client
}

// New returns a mail API client.
func New(baseURL, apiKey, from string, hc *retryablehttp.Client) *Client {
	return &Client{baseURL: baseURL, apiKey: apiKey, from: from, hc: hc}
}

// Send delivers e.
func (c *Client) Send(ctx context.Context, e Email, opts ...SendOption) (string, error) {
	var o sendOpts
	for _, f := range opts {
		f(&o)
	}
	if e.From == "" {
		e.From = c.from
	}
	payload := struct {
		Email
		Tags []string `json:"tags,omitempty"`
	}{e, o.tags}
	b, err := json.Marshal(payload)
	if err != nil {
		return "", err
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/emails", bytes.NewReader(b))
	if err != nil {
		return "", err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	if o.idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", o.idempotencyKey)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return "", fmt.Errorf("mailer: send: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 2<<10))
		return "", fmt.Errorf("mailer: status %d: %s", resp.StatusCode, body)
	}
	var out struct {
		ID string `json:"id"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return "", fmt.Errorf("mailer: decode: %w", err)
	}
	return out.ID, nil
}
