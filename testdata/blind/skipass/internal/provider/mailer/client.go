// Package mailer sends templated transactional email.
package mailer

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/summitline/skipass/internal/config"
)

type Message struct {
	To       string            `json:"to"`
	Template string            `json:"template"`
	Locale   string            `json:"locale,omitempty"`
	Vars     map[string]string `json:"vars"`
}

type Client struct {
	baseURL string
	token   string
	http    *http.Client
}

func New(cfg config.Config) *Client {
	return &Client{
		baseURL: cfg.MailerURL,
		token:   cfg.MailerToken,
		http:    &http.Client{Timeout: 10 * time.Second},
	}
}

// Send delivers a templated message. A non-empty key is sent as the
// Idempotency-Key header: the provider drops a repeated key for 48 hours.
func (c *Client) Send(ctx context.Context, m Message, key string) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v1/send", bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("mailer: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("mailer: HTTP %d", resp.StatusCode)
	}
	return nil
}
