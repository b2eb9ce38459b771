// Package sms sends text messages through the SMS gateway.
package sms

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Client is the SMS gateway client.
type Client struct {
	baseURL string
	apiKey  string
	from    string
	http    *http.Client
}

// New builds a Client.
func New(baseURL, apiKey, from string) *Client {
	return &Client{baseURL: baseURL, apiKey: apiKey, from: from, http: &http.Client{Timeout: 10 * time.Second}}
}

// Result is the gateway's message receipt.
type Result struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
}

// Send sends one message.
func (c *Client) Send(ctx context.Context, to, body string) (*Result, error) {
	form := url.Values{}
	form.Set("from", c.from)
	form.Set("to", to)
	form.Set("body", body)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/messages", strings.NewReader(form.Encode()))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth("api", c.apiKey)
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("sms: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return nil, fmt.Errorf("sms: status %d", resp.StatusCode)
	}
	var out Result
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return nil, err
	}
	return &out, nil
}
