// Package sms is a small client for the TextRelay messaging API.
package sms

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

type SendResult struct {
	MessageID string `json:"id"`
	Status    string `json:"status"`
}

// Sender sends text messages.
type Sender interface {
	Send(ctx context.Context, msg Message) (SendResult, error)
}

type Client struct {
	baseURL       string
	apiKey        string
	defaultSender string
	http          *http.Client
}

type ClientOption func(*Client)

func WithHTTPClient(hc *http.Client) ClientOption {
	return func(c *Client) { c.http = hc }
}

func NewClient(baseURL, apiKey, defaultSender string, opts ...ClientOption) *Client {
	c := &Client{
		baseURL:       baseURL,
		apiKey:        apiKey,
		defaultSender: defaultSender,
		http:          &http.Client{Timeout: 10 * time.Second},
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

type sendBody struct {
	To              string   `json:"to"`
	From            string   `json:"from"`
	Text            string   `json:"text"`
	ClientReference string   `json:"client_ref,omitempty"`
	SendAt          string   `json:"send_at,omitempty"`
	Tags            []string `json:"tags,omitempty"`
	ValiditySeconds int      `json:"validity_seconds,omitempty"`
}

func (c *Client) Send(ctx context.Context, msg Message) (SendResult, error) {
	body := sendBody{
		To:              msg.To,
		From:            msg.Sender,
		Text:            msg.Body,
		ClientReference: msg.ClientReference,
		Tags:            msg.Tags,
		ValiditySeconds: int(msg.ValidityPeriod / time.Second),
	}
	if body.From == "" {
		body.From = c.defaultSender
	}
	if msg.SendAt != nil {
		body.SendAt = msg.SendAt.UTC().Format(time.RFC3339)
	}
	buf, err := json.Marshal(body)
	if err != nil {
		return SendResult{}, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/messages", bytes.NewReader(buf))
	if err != nil {
		return SendResult{}, err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	if msg.IdempotencyKey != "" {
		req.Header.Set("Idempotency-Key", msg.IdempotencyKey)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return SendResult{}, fmt.Errorf("sms: send: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
	if resp.StatusCode >= 300 {
		return SendResult{}, &APIError{Status: resp.StatusCode, Body: string(raw)}
	}
	var out SendResult
	if err := json.Unmarshal(raw, &out); err != nil {
		return SendResult{}, fmt.Errorf("sms: decode response: %w", err)
	}
	return out, nil
}

type APIError struct {
	Status int
	Body   string
}

func (e *APIError) Error() string {
	return fmt.Sprintf("sms: provider returned %d: %s", e.Status, e.Body)
}

// Permanent reports whether retrying the same request cannot succeed.
func (e *APIError) Permanent() bool {
	return e.Status >= 400 && e.Status < 500 && e.Status != http.StatusTooManyRequests
}
