// Package mailer sends templated transactional email through our email
// service provider's HTTP API. The provider accepts each POST as a new
// message; it offers no request deduplication, so callers are responsible
// for not sending twice.
package mailer

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Config configures the mailer.
type Config struct {
	BaseURL     string
	ServerToken string
	From        string
	Stream      string
	Timeout     time.Duration
}

// Client posts messages to the provider.
type Client struct {
	http *http.Client
	cfg  Config
}

// New builds a Client.
func New(cfg Config) *Client {
	timeout := cfg.Timeout
	if timeout == 0 {
		timeout = 10 * time.Second
	}
	return &Client{http: &http.Client{Timeout: timeout}, cfg: cfg}
}

// Message is a templated email.
type Message struct {
	To       string
	Template string
	Model    map[string]any
	Tag      string
	Metadata map[string]string
}

type sendBody struct {
	From          string            `json:"From"`
	To            string            `json:"To"`
	TemplateAlias string            `json:"TemplateAlias"`
	TemplateModel map[string]any    `json:"TemplateModel"`
	Tag           string            `json:"Tag,omitempty"`
	Metadata      map[string]string `json:"Metadata,omitempty"`
	MessageStream string            `json:"MessageStream,omitempty"`
}

type sendResponse struct {
	MessageID string `json:"MessageID"`
	ErrorCode int    `json:"ErrorCode"`
	Message   string `json:"Message"`
}

// Send delivers a message and returns the provider's message ID.
func (c *Client) Send(ctx context.Context, m Message) (string, error) {
	body, err := json.Marshal(sendBody{
		From:          c.cfg.From,
		To:            m.To,
		TemplateAlias: m.Template,
		TemplateModel: m.Model,
		Tag:           m.Tag,
		Metadata:      m.Metadata,
		MessageStream: c.cfg.Stream,
	})
	if err != nil {
		return "", fmt.Errorf("mailer: encode: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.cfg.BaseURL+"/email/withTemplate", bytes.NewReader(body))
	if err != nil {
		return "", fmt.Errorf("mailer: new request: %w", err)
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Server-Token", c.cfg.ServerToken)
	resp, err := c.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("mailer: send: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	var out sendResponse
	_ = json.Unmarshal(raw, &out)
	if resp.StatusCode != http.StatusOK || out.ErrorCode != 0 {
		return "", fmt.Errorf("mailer: status %d code %d: %s", resp.StatusCode, out.ErrorCode, out.Message)
	}
	return out.MessageID, nil
}
