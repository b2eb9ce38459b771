// Package sms is the client for TextRelay, the SMS gateway used for court
// date reminders and indemnitor notices.
//
// TextRelay deduplicates POST /messages on the Idempotency-Key header for 48
// hours: a repeated key returns the original message instead of sending
// again.
package sms

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

// Client sends text messages.
type Client struct {
	baseURL  string
	apiKey   string
	from     string
	http     *http.Client
	attempts uint
	delay    time.Duration
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient replaces the default http.Client.
func WithHTTPClient(h *http.Client) Option { return func(c *Client) { c.http = h } }

// WithSender sets the sending number or short code.
func WithSender(from string) Option { return func(c *Client) { c.from = from } }

// WithRetry sets how many times a request is tried and the initial backoff.
func WithRetry(attempts uint, delay time.Duration) Option {
	return func(c *Client) { c.attempts, c.delay = attempts, delay }
}

// New builds a Client.
func New(baseURL, apiKey string, opts ...Option) *Client {
	c := &Client{
		baseURL:  baseURL,
		apiKey:   apiKey,
		http:     &http.Client{Timeout: 10 * time.Second},
		attempts: 3,
		delay:    300 * time.Millisecond,
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Message is one outbound text.
type Message struct {
	To   string
	Body string
	Tag  string
}

type sendConfig struct {
	idempotencyKey string
}

// SendOption adjusts a single Send call.
type SendOption func(*sendConfig)

// WithIdempotencyKey sets the key TextRelay dedups the message on.
func WithIdempotencyKey(key string) SendOption {
	return func(s *sendConfig) { s.idempotencyKey = key }
}

type sendRequest struct {
	From string `json:"from"`
	To   string `json:"to"`
	Body string `json:"body"`
	Tag  string `json:"tag,omitempty"`
}

type sendResponse struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

type statusError struct {
	code int
	body string
}

func (e *statusError) Error() string {
	return fmt.Sprintf("sms: textrelay returned %d: %s", e.code, e.body)
}

// Send delivers msg and returns TextRelay's message id. Transport errors and
// 5xx answers are retried inside the call with the same key.
func (c *Client) Send(ctx context.Context, msg Message, opts ...SendOption) (string, error) {
	var sc sendConfig
	for _, o := range opts {
		o(&sc)
	}
	body, err := json.Marshal(sendRequest{From: c.from, To: msg.To, Body: msg.Body, Tag: msg.Tag})
	if err != nil {
		return "", err
	}

	return retry.DoWithData(func() (string, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/messages", bytes.NewReader(body))
		if err != nil {
			return "", retry.Unrecoverable(err)
		}
		req.Header.Set("Authorization", "Bearer "+c.apiKey)
		req.Header.Set("Content-Type", "application/json")
		if sc.idempotencyKey != "" {
			req.Header.Set("Idempotency-Key", sc.idempotencyKey)
		}
		resp, err := c.http.Do(req)
		if err != nil {
			return "", err
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
		if resp.StatusCode >= 300 {
			serr := &statusError{code: resp.StatusCode, body: string(raw)}
			if resp.StatusCode < 500 && resp.StatusCode != http.StatusTooManyRequests {
				return "", retry.Unrecoverable(serr)
			}
			return "", serr
		}
		var out sendResponse
		if err := json.Unmarshal(raw, &out); err != nil {
			return "", retry.Unrecoverable(fmt.Errorf("sms: decode response: %w", err))
		}
		return out.ID, nil
	},
		retry.Context(ctx),
		retry.Attempts(c.attempts),
		retry.Delay(c.delay),
		retry.DelayType(retry.BackOffDelay),
		retry.LastErrorOnly(true),
	)
}
