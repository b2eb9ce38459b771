// Package notify sends consignee SMS through the Textwire messaging API.
package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// SMS is an outbound text message.
type SMS struct {
	To   string `json:"to"`
	From string `json:"from"`
	Body string `json:"body"`
}

// Sender sends text messages.
type Sender interface {
	SendSMS(ctx context.Context, m SMS) (messageID string, err error)
}

// Textwire is the Textwire REST client.
type Textwire struct {
	base   string
	token  string
	sender string
	http   *http.Client
}

// Option configures Textwire.
type Option func(*Textwire)

// WithHTTPClient sets the HTTP client.
func WithHTTPClient(h *http.Client) Option { return func(t *Textwire) { t.http = h } }

// NewTextwire builds the client; sender is the default From number.
func NewTextwire(baseURL, token, sender string, opts ...Option) *Textwire {
	t := &Textwire{
		base:   strings.TrimRight(baseURL, "/"),
		token:  token,
		sender: sender,
		http:   &http.Client{Timeout: 10 * time.Second},
	}
	for _, o := range opts {
		o(t)
	}
	return t
}

// SendSMS sends one message.
func (t *Textwire) SendSMS(ctx context.Context, m SMS) (string, error) {
	if m.From == "" {
		m.From = t.sender
	}
	body, err := json.Marshal(m)
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, t.base+"/v1/messages", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Authorization", "Token "+t.token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := t.http.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return "", fmt.Errorf("textwire: status %d", resp.StatusCode)
	}
	var out struct {
		SID string `json:"sid"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return "", err
	}
	return out.SID, nil
}
