// Package mailer is the client for Postbox, our transactional email
// provider. Postbox accepts a message and sends it; it offers no way to
// deduplicate a repeated send.
package mailer

import (
	"context"
	"net/http"

	"github.com/ridgeline-coffee/roastery/internal/providers/httpx"
)

// Message is one outbound email rendered from a Postbox template.
type Message struct {
	To       string            `json:"To"`
	From     string            `json:"From"`
	Template string            `json:"TemplateAlias"`
	Model    map[string]string `json:"TemplateModel"`
	Tag      string            `json:"Tag,omitempty"`
}

// Sender is what the services depend on.
type Sender interface {
	Send(ctx context.Context, msg Message) error
}

// Client talks to Postbox.
type Client struct {
	http *httpx.Client
	from string
}

// New returns a Postbox client sending from the given address.
func New(baseURL, serverToken, from string, opts ...httpx.Option) *Client {
	opts = append([]httpx.Option{httpx.WithHeaderKey("X-Postbox-Server-Token", serverToken)}, opts...)
	return &Client{http: httpx.New("postbox", baseURL, opts...), from: from}
}

// Send delivers msg.
func (c *Client) Send(ctx context.Context, msg Message) error {
	if msg.From == "" {
		msg.From = c.from
	}
	return c.http.Do(ctx, httpx.Request{
		Method:    http.MethodPost,
		Path:      "/email/withTemplate",
		Operation: "send_" + msg.Template,
		Body:      msg,
	}, nil)
}
