// Package mail sends transactional email through the relay's HTTP API.
// Every accepted POST is queued as a new message.
package mail

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/tldhouse/registrar/internal/config"
)

type Message struct {
	To       string   `json:"to"`
	Subject  string   `json:"subject"`
	Text     string   `json:"text"`
	HTML     string   `json:"html,omitempty"`
	Tags     []string `json:"tags,omitempty"`
	ReplyTo  string   `json:"reply_to,omitempty"`
	Template string   `json:"-"`
}

// Sender is implemented by Client.
type Sender interface {
	Send(ctx context.Context, m Message) (string, error)
}

type Client struct {
	baseURL string
	apiKey  string
	from    string
	http    *http.Client
}

func New(cfg *config.Config) *Client {
	return &Client{
		baseURL: cfg.Mail.BaseURL,
		apiKey:  cfg.Mail.APIKey,
		from:    cfg.Mail.From,
		http:    &http.Client{Timeout: 15 * time.Second},
	}
}

func (c *Client) Send(ctx context.Context, m Message) (string, error) {
	payload := struct {
		From string `json:"from"`
		Message
	}{From: c.from, Message: m}
	body, err := json.Marshal(payload)
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/api/v1/messages", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("X-Api-Key", c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("mail: send %q: %w", m.Template, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 300 {
		return "", fmt.Errorf("mail: send %q: http %d: %s", m.Template, resp.StatusCode, raw)
	}
	var out struct {
		MessageID string `json:"message_id"`
	}
	_ = json.Unmarshal(raw, &out)
	return out.MessageID, nil
}
