// Package sms is a small client for the Relaytext messaging API.
//
// Relaytext deduplicates POST /v1/messages on the Idempotency-Key header for
// 24 hours: a repeated key returns the original message instead of sending
// a second one.
package sms

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/pawtrail-labs/pawtrail/internal/config"
)

type Client struct {
	baseURL string
	apiKey  string
	from    string
	http    *http.Client
}

func NewClient(cfg config.Config) *Client {
	return &Client{
		baseURL: cfg.SMSBaseURL,
		apiKey:  cfg.SMSAPIKey,
		from:    cfg.SMSFrom,
		http:    &http.Client{Timeout: 10 * time.Second},
	}
}

type Message struct {
	To             string `json:"to"`
	Body           string `json:"body"`
	StatusCallback string `json:"status_callback,omitempty"`
}

type Result struct {
	MessageID string `json:"id"`
	Status    string `json:"status"`
	Segments  int    `json:"segments"`
}

type sendOptions struct {
	idempotencyKey string
}

type SendOption func(*sendOptions)

// WithIdempotencyKey sets the Idempotency-Key header for the request.
func WithIdempotencyKey(key string) SendOption {
	return func(o *sendOptions) { o.idempotencyKey = key }
}

type APIError struct {
	StatusCode int
	Code       string `json:"code"`
	Message    string `json:"message"`
}

func (e *APIError) Error() string {
	return fmt.Sprintf("relaytext: %d %s: %s", e.StatusCode, e.Code, e.Message)
}

// Temporary reports whether the request may succeed if retried.
func (e *APIError) Temporary() bool {
	return e.StatusCode == http.StatusTooManyRequests || e.StatusCode >= 500
}

func (c *Client) Send(ctx context.Context, m Message, opts ...SendOption) (Result, error) {
	var o sendOptions
	for _, opt := range opts {
		opt(&o)
	}
	payload := struct {
		From string `json:"from"`
		Message
	}{From: c.from, Message: m}
	body, err := json.Marshal(payload)
	if err != nil {
		return Result{}, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v1/messages", bytes.NewReader(body))
	if err != nil {
		return Result{}, err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	if o.idempotencyKey != "" {
		req.Header.Set("Idempotency-Key", o.idempotencyKey)
	}

	resp, err := c.http.Do(req)
	if err != nil {
		return Result{}, fmt.Errorf("relaytext: send: %w", err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return Result{}, fmt.Errorf("relaytext: read response: %w", err)
	}
	if resp.StatusCode >= 300 {
		apiErr := &APIError{StatusCode: resp.StatusCode}
		_ = json.Unmarshal(raw, apiErr)
		return Result{}, apiErr
	}
	var res Result
	if err := json.Unmarshal(raw, &res); err != nil {
		return Result{}, fmt.Errorf("relaytext: decode response: %w", err)
	}
	return res, nil
}
