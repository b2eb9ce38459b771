// Package messaging sends patient SMS through the messaging vendor. The
// vendor drops a message whose X-Dedup-Id matches one accepted in the last
// 72 hours.
package messaging

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/segmentio/ksuid"
)

// Client is the SMS vendor client.
type Client struct {
	baseURL string
	apiKey  string
	sender  string
	http    *http.Client
}

// NewClient builds a messaging client.
func NewClient(baseURL, apiKey, sender string) *Client {
	return &Client{baseURL: baseURL, apiKey: apiKey, sender: sender, http: &http.Client{Timeout: 10 * time.Second}}
}

// SMS is an outbound text message.
type SMS struct {
	To      string
	Body    string
	DedupID string
	Tags    map[string]string
}

// Receipt is the vendor's acceptance.
type Receipt struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
}

// SendSMS submits a text message.
func (c *Client) SendSMS(ctx context.Context, m SMS) (*Receipt, error) {
	b, err := json.Marshal(map[string]any{"from": c.sender, "to": m.To, "body": m.Body, "tags": m.Tags})
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/messages", bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	if m.DedupID != "" {
		req.Header.Set("X-Dedup-Id", m.DedupID)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("messaging: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode >= 300 {
		return nil, fmt.Errorf("messaging %d: %s", resp.StatusCode, raw)
	}
	var r Receipt
	if err := json.Unmarshal(raw, &r); err != nil {
		return nil, fmt.Errorf("decode receipt: %w", err)
	}
	return &r, nil
}

// NewDedupID returns an identifier in the vendor's accepted dedup format
// (27 base62 characters).
func NewDedupID() string {
	return ksuid.New().String()
}
