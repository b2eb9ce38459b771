// Package sms is a client for the TextRelay messaging API.
//
// TextRelay accepts an optional client_ref per message. When a message with
// a client_ref it has already accepted in the last 24 hours arrives, it
// answers 200 with the original message id and does not send again.
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

type Config struct {
	BaseURL string
	APIKey  string
	Sender  string
	Timeout time.Duration
}

type Client struct {
	cfg  Config
	http *http.Client
}

func NewClient(cfg Config) *Client {
	if cfg.Timeout == 0 {
		cfg.Timeout = 10 * time.Second
	}
	return &Client{cfg: cfg, http: &http.Client{Timeout: cfg.Timeout}}
}

type Message struct {
	To        string `json:"to"`
	Body      string `json:"text"`
	From      string `json:"from,omitempty"`
	ClientRef string `json:"client_ref,omitempty"`
	Validity  int    `json:"validity_minutes,omitempty"`
}

type SendResult struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
	Parts     int    `json:"parts"`
}

type Error struct {
	StatusCode int
	Code       string `json:"code"`
	Detail     string `json:"detail"`
}

func (e *Error) Error() string {
	return fmt.Sprintf("textrelay: %d %s: %s", e.StatusCode, e.Code, e.Detail)
}

func (c *Client) Send(ctx context.Context, msg Message) (*SendResult, error) {
	if msg.From == "" {
		msg.From = c.cfg.Sender
	}
	body, err := json.Marshal(msg)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.cfg.BaseURL+"/v2/messages", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.cfg.APIKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("textrelay: send: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode/100 != 2 {
		e := &Error{StatusCode: resp.StatusCode}
		_ = json.Unmarshal(raw, e)
		return nil, e
	}
	var out SendResult
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, fmt.Errorf("textrelay: decode: %w", err)
	}
	return &out, nil
}
