// Package mailer sends transactional e-mail through Postbox.
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

type Email struct {
	To       string
	Subject  string
	Template string
	Vars     map[string]string
	Tags     []string
}

type Mailer interface {
	Send(ctx context.Context, e Email) (string, error)
}

type Client struct {
	baseURL string
	apiKey  string
	from    string
	http    *http.Client
}

func NewClient(baseURL, apiKey, from string) *Client {
	return &Client{baseURL: baseURL, apiKey: apiKey, from: from, http: &http.Client{Timeout: 15 * time.Second}}
}

type sendRequest struct {
	From     string            `json:"from"`
	To       []string          `json:"to"`
	Subject  string            `json:"subject"`
	Template string            `json:"template_alias"`
	Model    map[string]string `json:"template_model"`
	Tags     []string          `json:"tags,omitempty"`
}

type sendResponse struct {
	MessageID string `json:"message_id"`
}

func (c *Client) Send(ctx context.Context, e Email) (string, error) {
	buf, err := json.Marshal(sendRequest{
		From:     c.from,
		To:       []string{e.To},
		Subject:  e.Subject,
		Template: e.Template,
		Model:    e.Vars,
		Tags:     e.Tags,
	})
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/email/withTemplate", bytes.NewReader(buf))
	if err != nil {
		return "", err
	}
	req.Header.Set("X-Postbox-Token", c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("mailer: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
	if resp.StatusCode >= 300 {
		return "", fmt.Errorf("mailer: status %d: %s", resp.StatusCode, raw)
	}
	var out sendResponse
	if err := json.Unmarshal(raw, &out); err != nil {
		return "", fmt.Errorf("mailer: decode: %w", err)
	}
	return out.MessageID, nil
}
