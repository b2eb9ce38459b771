// Package mailer sends transactional email through Postbox.
package mailer

import (
	"context"
	"net/http"
	"time"

	"github.com/frostline-arena/rinkops/internal/platform"
)

type Client struct {
	api  *platform.JSONClient
	from string
}

func New(cfg platform.MailerConfig) *Client {
	return &Client{
		api:  platform.NewJSONClient(cfg.BaseURL, 10*time.Second, platform.BearerAuth(cfg.Token)),
		from: cfg.From,
	}
}

type Message struct {
	To       string            `json:"to"`
	Template string            `json:"template"`
	Vars     map[string]string `json:"vars"`
}

// Send queues one email. Postbox drops a message whose dedup key it has
// already accepted in the last 48 hours.
func (c *Client) Send(ctx context.Context, msg Message, dedupKey string) error {
	h := http.Header{}
	if dedupKey != "" {
		h.Set("X-Postbox-Dedup-Key", dedupKey)
	}
	body := struct {
		From string `json:"from"`
		Message
	}{From: c.from, Message: msg}
	return c.api.Do(ctx, http.MethodPost, "/v1/send", body, nil, h)
}
