// Package notify sends email and SMS through the messaging vendor.
package notify

import (
	"context"
	"net/http"

	"github.com/cobaltmesa/titleworks/internal/platform/jsonapi"
)

// Email is one message.
type Email struct {
	To       []string          `json:"to"`
	Template string            `json:"template"`
	Data     map[string]string `json:"data"`
}

// SMS is one text message.
type SMS struct {
	To   string `json:"to"`
	Body string `json:"body"`
}

// Client is the vendor client. The vendor accepts every POST as a new
// message; it has no request-level deduplication.
type Client struct {
	api *jsonapi.Client
}

// New returns a messaging client.
func New(baseURL, token string) *Client {
	return &Client{api: jsonapi.New(baseURL, jsonapi.BearerToken(token))}
}

// SendEmail queues an email.
func (c *Client) SendEmail(ctx context.Context, e Email) error {
	return c.api.Do(ctx, http.MethodPost, "/v1/email", nil, e, nil)
}

// SendSMS queues a text message.
func (c *Client) SendSMS(ctx context.Context, s SMS) error {
	return c.api.Do(ctx, http.MethodPost, "/v1/sms", nil, s, nil)
}
