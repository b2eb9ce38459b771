// Package notify sends SMS and e-mail through the government messaging
// gateway.
package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/kelpline-systems/quotareg/internal/config"
	"github.com/kelpline-systems/quotareg/internal/ports"
)

type Client struct {
	baseURL string
	apiKey  string
	sender  string
	http    *http.Client
}

func NewClient(cfg config.Notify) *Client {
	return &Client{
		baseURL: strings.TrimRight(cfg.BaseURL, "/"),
		apiKey:  cfg.APIKey,
		sender:  cfg.Sender,
		http:    &http.Client{Timeout: 10 * time.Second},
	}
}

type messageBody struct {
	From      string `json:"from"`
	To        string `json:"to"`
	Subject   string `json:"subject,omitempty"`
	Text      string `json:"text"`
	Reference string `json:"client_reference,omitempty"`
}

// Send delivers one message. The gateway drops a message whose
// client_reference it has seen in the last 72 hours and answers 200 with the
// original message id.
func (c *Client) Send(ctx context.Context, m ports.Message) error {
	path := "/v1/sms"
	if m.Channel == "email" {
		path = "/v1/email"
	}
	payload, err := json.Marshal(messageBody{
		From:      c.sender,
		To:        m.To,
		Subject:   m.Subject,
		Text:      m.Body,
		Reference: m.Reference,
	})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(payload))
	if err != nil {
		return err
	}
	req.Header.Set("X-Api-Key", c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("notify: send %s: %w", m.Channel, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("notify: send %s: http %d", m.Channel, resp.StatusCode)
	}
	return nil
}
