// Package sms is the client for the SMS gateway used for parent and staff
// texts.
//
// The gateway suppresses a message whose client_reference it has already
// accepted in the last 72 hours and answers with the original message_id
// and duplicate=true, so resending with the same reference is free.
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
	BaseURL  string
	APIKey   string
	SenderID string
	Timeout  time.Duration
}

type Client struct {
	baseURL string
	apiKey  string
	sender  string
	http    *http.Client
}

func NewClient(cfg Config) *Client {
	return &Client{
		baseURL: cfg.BaseURL,
		apiKey:  cfg.APIKey,
		sender:  cfg.SenderID,
		http:    &http.Client{Timeout: cfg.Timeout},
	}
}

// Message is one outbound text.
type Message struct {
	To              string `json:"to"`
	From            string `json:"from"`
	Body            string `json:"body"`
	ClientReference string `json:"client_reference"`
}

// Receipt is the gateway's answer.
type Receipt struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
	Duplicate bool   `json:"duplicate"`
	Segments  int    `json:"segments"`
}

// Send submits m. The gateway rejects requests without a client_reference.
func (c *Client) Send(ctx context.Context, m Message) (Receipt, error) {
	if m.From == "" {
		m.From = c.sender
	}
	if m.ClientReference == "" {
		return Receipt{}, fmt.Errorf("sms: client reference is required")
	}
	body, err := json.Marshal(m)
	if err != nil {
		return Receipt{}, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v1/messages", bytes.NewReader(body))
	if err != nil {
		return Receipt{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Api-Key", c.apiKey)

	resp, err := c.http.Do(req)
	if err != nil {
		return Receipt{}, fmt.Errorf("sms: send: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusAccepted {
		return Receipt{}, fmt.Errorf("sms: gateway answered %d: %s", resp.StatusCode, raw)
	}
	var r Receipt
	if err := json.Unmarshal(raw, &r); err != nil {
		return Receipt{}, fmt.Errorf("sms: decode receipt: %w", err)
	}
	return r, nil
}
