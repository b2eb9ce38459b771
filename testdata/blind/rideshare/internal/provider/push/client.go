// Package push sends driver push notifications through the push provider.
// The provider has no deduplication: every accepted request is delivered to
// the device.
package push

import (
	"context"
	"fmt"
	"net/http"

	"github.com/wayfare/ridepay/internal/httpreq"
)

// Message is one notification to a device.
type Message struct {
	Token    string            `json:"token"`
	Title    string            `json:"title"`
	Body     string            `json:"body"`
	Category string            `json:"category,omitempty"`
	Data     map[string]string `json:"data,omitempty"`
	TTL      int               `json:"ttl_seconds,omitempty"`
}

// Sender delivers a Message and returns the provider's message id.
type Sender interface {
	Send(ctx context.Context, m Message) (string, error)
}

// Client is the HTTP implementation of Sender.
type Client struct {
	http *httpreq.Client
}

// New returns a Client for baseURL.
func New(baseURL, serverKey string, opts ...httpreq.Option) *Client {
	opts = append([]httpreq.Option{httpreq.WithAuth(func(h http.Header) {
		h.Set("Authorization", "key="+serverKey)
	})}, opts...)
	return &Client{http: httpreq.New(baseURL, opts...)}
}

type sendResponse struct {
	MessageID string `json:"message_id"`
}

// Send posts m to the provider.
func (c *Client) Send(ctx context.Context, m Message) (string, error) {
	var out sendResponse
	err := c.http.Do(ctx, httpreq.Request{
		Method: http.MethodPost,
		Path:   "/v1/messages:send",
		Body:   m,
	}, &out)
	if err != nil {
		return "", fmt.Errorf("push send: %w", err)
	}
	return out.MessageID, nil
}
