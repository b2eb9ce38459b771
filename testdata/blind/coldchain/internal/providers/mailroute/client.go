// Package mailroute is a client for the Mailroute transactional email API.
//
// POST /send accepts an Idempotency-Key header. Mailroute drops (and
// answers 200 for) any message whose key it accepted in the previous 24
// hours.
package mailroute

import (
	"context"
	"net/http"
	"time"

	"github.com/frostline/coldchain/internal/platform"
)

type Client struct {
	baseURL string
	token   string
	http    platform.Doer
}

func New(baseURL, token string, doer platform.Doer) *Client {
	return &Client{baseURL: baseURL, token: token, http: platform.WithRetries(doer, 3, time.Second)}
}

// Message is one email.
type Message struct {
	From     string            `json:"from"`
	To       []string          `json:"to"`
	Subject  string            `json:"subject"`
	Text     string            `json:"text"`
	Template string            `json:"template,omitempty"`
	Vars     map[string]string `json:"vars,omitempty"`
}

type sendResponse struct {
	MessageID string `json:"message_id"`
}

// Send queues msg for delivery.
func (c *Client) Send(ctx context.Context, msg Message, idempotencyKey string) (string, error) {
	h := http.Header{}
	h.Set("Authorization", "Token "+c.token)
	if idempotencyKey != "" {
		h.Set("Idempotency-Key", idempotencyKey)
	}
	var out sendResponse
	err := platform.DoJSON(ctx, c.http, platform.JSONRequest{
		Provider: "mailroute",
		Method:   http.MethodPost,
		URL:      c.baseURL + "/send",
		Header:   h,
		Body:     msg,
	}, &out)
	return out.MessageID, err
}
