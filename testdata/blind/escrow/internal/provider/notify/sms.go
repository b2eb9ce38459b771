// Package notify sends seller notifications through the SMS vendor. The
// vendor's send endpoint has no idempotency support: each accepted request is
// delivered as a new message.
package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// Config configures the vendor client.
type Config struct {
	BaseURL string
	Token   string
	Sender  string
}

// Client is the SMS vendor client.
type Client struct {
	http   *http.Client
	cfg    Config
	sender string
}

// New returns a Client.
func New(cfg Config) *Client {
	return &Client{
		http:   &http.Client{Timeout: 10 * time.Second},
		cfg:    cfg,
		sender: cfg.Sender,
	}
}

type sendRequest struct {
	From string `json:"from"`
	To   string `json:"to"`
	Text string `json:"text"`
}

type sendResponse struct {
	MessageID string `json:"message_id"`
}

// SendSMS sends text to the given phone number and returns the vendor's
// message reference.
func (c *Client) SendSMS(ctx context.Context, to, text string) (string, error) {
	body, err := json.Marshal(sendRequest{From: c.sender, To: to, Text: text})
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.cfg.BaseURL+"/v2/messages", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Authorization", "Bearer "+c.cfg.Token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("send sms: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusAccepted && resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("send sms: vendor status %d", resp.StatusCode)
	}
	var out sendResponse
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return "", fmt.Errorf("send sms: decode: %w", err)
	}
	return out.MessageID, nil
}
