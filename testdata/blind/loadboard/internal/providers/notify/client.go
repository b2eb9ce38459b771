// Package notify sends SMS and e-mail through the Beacon messaging API.
// Beacon has no request de-duplication: every accepted request is delivered.
package notify

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/haulgrid/loadboard/internal/platform/httpx"
)

type Config struct {
	BaseURL    string
	APIKey     string
	FromNumber string
	FromEmail  string
}

type Client struct {
	cfg    Config
	hc     *http.Client
	policy httpx.Policy
}

func New(cfg Config) *Client {
	cfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	p := httpx.DefaultPolicy
	p.MaxRetries = 3
	return &Client{cfg: cfg, hc: &http.Client{Timeout: 10 * time.Second}, policy: p}
}

type sendResponse struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
}

func (c *Client) headers() map[string]string {
	return map[string]string{"Authorization": "Key " + c.cfg.APIKey}
}

// SendSMS sends a text message and returns Beacon's message ID.
func (c *Client) SendSMS(ctx context.Context, to, body string) (string, error) {
	payload := map[string]string{"from": c.cfg.FromNumber, "to": to, "body": body}
	resp, _, err := httpx.Do(ctx, c.hc, c.policy,
		httpx.JSONRequest(http.MethodPost, c.cfg.BaseURL+"/v1/sms", payload, c.headers()))
	if err != nil {
		return "", fmt.Errorf("beacon sms: %w", err)
	}
	var out sendResponse
	if err := httpx.DecodeJSON(resp, &out); err != nil {
		return "", err
	}
	return out.MessageID, nil
}

// Email is an outbound e-mail.
type Email struct {
	To       string            `json:"to"`
	Subject  string            `json:"subject"`
	Template string            `json:"template"`
	Vars     map[string]string `json:"vars"`
}

// SendEmail sends a templated e-mail and returns Beacon's message ID.
func (c *Client) SendEmail(ctx context.Context, e Email) (string, error) {
	payload := struct {
		From string `json:"from"`
		Email
	}{From: c.cfg.FromEmail, Email: e}
	resp, _, err := httpx.Do(ctx, c.hc, c.policy,
		httpx.JSONRequest(http.MethodPost, c.cfg.BaseURL+"/v1/email", payload, c.headers()))
	if err != nil {
		return "", fmt.Errorf("beacon email: %w", err)
	}
	var out sendResponse
	if err := httpx.DecodeJSON(resp, &out); err != nil {
		return "", err
	}
	return out.MessageID, nil
}
