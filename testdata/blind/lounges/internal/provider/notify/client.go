// Package notify sends transactional email through the messaging provider.
// The provider deduplicates sends that carry the same Idempotency-Key for 24
// hours.
package notify

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/aerolounge/loungepass/internal/provider/httpx"
)

type Email struct {
	To       string            `json:"to"`
	Template string            `json:"template"`
	Data     map[string]string `json:"data"`
	Tags     []string          `json:"tags,omitempty"`
}

type SendResult struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
}

type Client struct {
	hc      *http.Client
	baseURL string
	apiKey  string
}

func NewClient(hc *http.Client, baseURL, apiKey string) *Client {
	return &Client{hc: hc, baseURL: strings.TrimRight(baseURL, "/"), apiKey: apiKey}
}

// Send delivers one templated email. idempotencyKey may be empty.
func (c *Client) Send(ctx context.Context, msg Email, idempotencyKey string) (SendResult, error) {
	var out SendResult
	err := httpx.DoJSON(ctx, c.hc, http.MethodPost, c.baseURL+"/v1/send", msg, &out,
		httpx.Header{Name: "Authorization", Value: "Bearer " + c.apiKey},
		httpx.Header{Name: "Idempotency-Key", Value: idempotencyKey},
	)
	if err != nil {
		return SendResult{}, fmt.Errorf("notify send %s: %w", msg.Template, err)
	}
	return out, nil
}
