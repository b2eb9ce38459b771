// Package mail sends transactional email through the mail provider's HTTP API.
package mail

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
)

type Message struct {
	To             string            `json:"to"`
	From           string            `json:"from"`
	ReplyTo        string            `json:"reply_to,omitempty"`
	Subject        string            `json:"subject"`
	HTML           string            `json:"html"`
	Text           string            `json:"text,omitempty"`
	Tags           []string          `json:"tags,omitempty"`
	Metadata       map[string]string `json:"metadata,omitempty"`
	IdempotencyKey string            `json:"-"`
}

type Client struct {
	baseURL string
	apiKey  string
	from    string
	http    *http.Client
}

func NewClient(baseURL, apiKey, from string) *Client {
	return &Client{baseURL: baseURL, apiKey: apiKey, from: from, http: &http.Client{Timeout: 10 * time.Second}}
}

type statusError struct{ code int }

func (e statusError) Error() string { return fmt.Sprintf("mail api: status %d", e.code) }

// Send delivers one message and returns the provider's message id. The
// provider honours an Idempotency-Key header for 24 hours.
func (c *Client) Send(ctx context.Context, m Message) (string, error) {
	if m.From == "" {
		m.From = c.from
	}
	body, err := json.Marshal(m)
	if err != nil {
		return "", err
	}
	var id string
	err = retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/messages", bytes.NewReader(body))
		if err != nil {
			return retry.Unrecoverable(err)
		}
		req.Header.Set("Authorization", "Bearer "+c.apiKey)
		req.Header.Set("Content-Type", "application/json")
		if m.IdempotencyKey != "" {
			req.Header.Set("Idempotency-Key", m.IdempotencyKey)
		}
		resp, err := c.http.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
		switch {
		case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
			return statusError{resp.StatusCode}
		case resp.StatusCode >= 300:
			return retry.Unrecoverable(statusError{resp.StatusCode})
		}
		var out struct {
			ID string `json:"id"`
		}
		if err := json.Unmarshal(raw, &out); err != nil {
			return retry.Unrecoverable(err)
		}
		id = out.ID
		return nil
	},
		retry.Context(ctx),
		retry.Attempts(4),
		retry.Delay(300*time.Millisecond),
		retry.DelayType(retry.BackOffDelay),
		retry.LastErrorOnly(true),
	)
	return id, err
}
