// Package notify sends customer SMS and e-mail messages.
package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// SMSMessage is one text message. The gateway keeps Reference for 48 hours
// and accepts a repeated Reference without sending the message again.
type SMSMessage struct {
	To        string `json:"to"`
	Body      string `json:"body"`
	Reference string `json:"reference,omitempty"`
}

// SMSSender sends text messages.
type SMSSender interface {
	SendSMS(ctx context.Context, msg SMSMessage) (string, error)
}

// SMSClient is the HTTP client for the SMS gateway.
type SMSClient struct {
	baseURL string
	apiKey  string
	sender  string
	http    *http.Client
}

// SMSOption configures an SMSClient.
type SMSOption func(*SMSClient)

// WithSMSSenderID sets the alphanumeric sender ID.
func WithSMSSenderID(id string) SMSOption { return func(c *SMSClient) { c.sender = id } }

// NewSMSClient creates an SMSClient.
func NewSMSClient(baseURL, apiKey string, opts ...SMSOption) *SMSClient {
	c := &SMSClient{
		baseURL: strings.TrimRight(baseURL, "/"),
		apiKey:  apiKey,
		sender:  "SKYWAY",
		http:    &http.Client{Timeout: 10 * time.Second},
	}
	for _, opt := range opts {
		opt(c)
	}
	return c
}

type smsPayload struct {
	From string `json:"from"`
	SMSMessage
}

type smsResponse struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
}

// SendSMS sends msg and returns the gateway message ID.
func (c *SMSClient) SendSMS(ctx context.Context, msg SMSMessage) (string, error) {
	buf, err := json.Marshal(smsPayload{From: c.sender, SMSMessage: msg})
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v2/messages", bytes.NewReader(buf))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Key "+c.apiKey)
	resp, err := c.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("sms: send: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 300 {
		return "", fmt.Errorf("sms: status %d: %s", resp.StatusCode, bytes.TrimSpace(raw))
	}
	var out smsResponse
	if err := json.Unmarshal(raw, &out); err != nil {
		return "", fmt.Errorf("sms: decode: %w", err)
	}
	return out.MessageID, nil
}
