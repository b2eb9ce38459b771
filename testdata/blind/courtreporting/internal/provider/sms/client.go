// Package sms sends and receives text messages through Relaytext.
package sms

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/stenoline-legal/depobook/internal/config"
)

type Client struct {
	http       *http.Client
	baseURL    string
	accountSID string
	authToken  string
	from       string
	secret     []byte
}

func New(cfg config.Config) *Client {
	return &Client{
		http:       &http.Client{Timeout: 10 * time.Second},
		baseURL:    cfg.SMS.BaseURL,
		accountSID: cfg.SMS.AccountSID,
		authToken:  cfg.SMS.AuthToken,
		from:       cfg.SMS.FromNumber,
		secret:     []byte(cfg.SMS.WebhookSecret),
	}
}

// Message is an outbound text. Relaytext accepts a message once per
// ClientRef within 24 hours and answers repeats with the original message.
type Message struct {
	To        string `json:"to"`
	Body      string `json:"body"`
	ClientRef string `json:"client_ref,omitempty"`
}

type Sent struct {
	ID     string `json:"sid"`
	Status string `json:"status"`
}

func (c *Client) Send(ctx context.Context, m Message) (*Sent, error) {
	payload := struct {
		From string `json:"from"`
		Message
	}{From: c.from, Message: m}
	body, err := json.Marshal(payload)
	if err != nil {
		return nil, err
	}
	url := fmt.Sprintf("%s/accounts/%s/messages", c.baseURL, c.accountSID)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.SetBasicAuth(c.accountSID, c.authToken)
	req.Header.Set("Content-Type", "application/json")

	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("sms: send: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 300 {
		return nil, fmt.Errorf("sms: send: status %d: %s", resp.StatusCode, raw)
	}
	var out Sent
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, fmt.Errorf("sms: decode: %w", err)
	}
	return &out, nil
}

// Inbound is a message a reporter or firm sent to our number. Relaytext
// posts it to the inbound webhook and retries until it gets a 2xx.
type Inbound struct {
	MessageID string `json:"sid"`
	From      string `json:"from"`
	To        string `json:"to"`
	Body      string `json:"body"`
	Received  int64  `json:"received_at"`
}

// Verify checks the X-Relaytext-Signature header (base64 HMAC-SHA256).
func (c *Client) Verify(body []byte, signature string) bool {
	mac := hmac.New(sha256.New, c.secret)
	mac.Write(body)
	want := base64.StdEncoding.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(want), []byte(signature))
}
