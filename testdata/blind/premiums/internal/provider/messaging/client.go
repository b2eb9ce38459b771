// Package messaging is the client for the SMS/e-mail provider.
//
// The provider deduplicates on Message.ClientMessageID: a second Send with an
// id it has seen in the last 72h returns the original message id and does not
// deliver again.
package messaging

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/pawsure/premiums/internal/retry"
)

type Channel string

const (
	SMS   Channel = "sms"
	Email Channel = "email"
)

type Message struct {
	ClientMessageID string            `json:"client_message_id,omitempty"`
	Channel         Channel           `json:"channel"`
	To              string            `json:"to"`
	From            string            `json:"from,omitempty"`
	Template        string            `json:"template"`
	Params          map[string]string `json:"params,omitempty"`
}

type SendResult struct {
	MessageID string `json:"message_id"`
	Duplicate bool   `json:"duplicate"`
}

// Sender is implemented by *Client.
type Sender interface {
	Send(ctx context.Context, m Message) (SendResult, error)
}

type Client struct {
	baseURL string
	apiKey  string
	from    string
	http    *http.Client
}

func NewClient(baseURL, apiKey, from string) *Client {
	return &Client{baseURL: baseURL, apiKey: apiKey, from: from, http: &http.Client{Timeout: 10 * time.Second}}
}

type ProviderError struct {
	Status int
	Body   string
}

func (e *ProviderError) Error() string { return fmt.Sprintf("messaging: %d: %s", e.Status, e.Body) }

func (c *Client) Send(ctx context.Context, m Message) (SendResult, error) {
	if m.From == "" {
		m.From = c.from
	}
	body, err := json.Marshal(m)
	if err != nil {
		return SendResult{}, err
	}
	return retry.DoValue(ctx, retry.Default, func() (SendResult, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v1/messages", bytes.NewReader(body))
		if err != nil {
			return SendResult{}, retry.Permanent(err)
		}
		req.Header.Set("Authorization", "Bearer "+c.apiKey)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Request-Id", uuid.NewString())
		resp, err := c.http.Do(req)
		if err != nil {
			return SendResult{}, err
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
		if resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests {
			return SendResult{}, &ProviderError{Status: resp.StatusCode, Body: string(data)}
		}
		if resp.StatusCode >= 300 {
			return SendResult{}, retry.Permanent(&ProviderError{Status: resp.StatusCode, Body: string(data)})
		}
		var out SendResult
		if err := json.Unmarshal(data, &out); err != nil {
			return SendResult{}, retry.Permanent(err)
		}
		return out, nil
	})
}
