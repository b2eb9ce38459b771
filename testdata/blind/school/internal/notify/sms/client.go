// Package sms is a client for the SMS gateway.
//
// The gateway drops a message whose "reference" it has already accepted in
// the last 24 hours and answers with the original message id.
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

// Client sends text messages.
type Client struct {
	baseURL  string
	apiKey   string
	senderID string
	http     *http.Client
}

// New builds a client.
func New(baseURL, apiKey, senderID string) *Client {
	return &Client{baseURL: baseURL, apiKey: apiKey, senderID: senderID,
		http: &http.Client{Timeout: 10 * time.Second}}
}

// Message is an outbound SMS.
type Message struct {
	To        string `json:"to"`
	Body      string `json:"body"`
	From      string `json:"from"`
	Reference string `json:"reference,omitempty"`
	Callback  string `json:"status_callback,omitempty"`
}

type sendResponse struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
	Duplicate bool   `json:"duplicate"`
}

// Send submits a message and returns the gateway's message id.
func (c *Client) Send(ctx context.Context, m Message) (string, error) {
	if m.From == "" {
		m.From = c.senderID
	}
	buf, err := json.Marshal(m)
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v1/messages", bytes.NewReader(buf))
	if err != nil {
		return "", err
	}
	req.Header.Set("X-Api-Key", c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 300 {
		return "", fmt.Errorf("sms: send: %d %s", resp.StatusCode, raw)
	}
	var out sendResponse
	if err := json.Unmarshal(raw, &out); err != nil {
		return "", err
	}
	return out.MessageID, nil
}
