// Package email sends transactional email through the Relaymail HTTP API.
//
// Relaymail accepts every POST /v1/messages as a new message; it has no
// idempotency or deduplication support.
package email

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
)

type Message struct {
	To       string            `json:"to"`
	From     string            `json:"from"`
	Subject  string            `json:"subject"`
	HTML     string            `json:"html"`
	Text     string            `json:"text"`
	Tags     []string          `json:"tags,omitempty"`
	Metadata map[string]string `json:"metadata,omitempty"`
}

type Sender interface {
	Send(ctx context.Context, m Message) (string, error)
}

type Client struct {
	baseURL string
	token   string
	hc      *http.Client
}

func NewClient(baseURL, token string) *Client {
	return &Client{
		baseURL: strings.TrimRight(baseURL, "/"),
		token:   token,
		hc:      &http.Client{Timeout: 10 * time.Second},
	}
}

func (c *Client) Send(ctx context.Context, m Message) (string, error) {
	body, err := json.Marshal(m)
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v1/messages", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Content-Type", "application/json")
	// Correlates our logs with Relaymail's; not used for deduplication.
	req.Header.Set("X-Request-Id", uuid.NewString())

	resp, err := c.hc.Do(req)
	if err != nil {
		return "", fmt.Errorf("relaymail: %w", err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 300 {
		return "", fmt.Errorf("relaymail: status %d: %s", resp.StatusCode, strings.TrimSpace(string(data)))
	}
	var out struct {
		MessageID string `json:"message_id"`
	}
	_ = json.Unmarshal(data, &out)
	return out.MessageID, nil
}
