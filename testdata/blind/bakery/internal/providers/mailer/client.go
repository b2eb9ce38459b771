// Package mailer is a client for Postbox, the transactional email service
// that sends delivery notices, invoices and monthly statements.
//
// Postbox has no idempotency support: every accepted POST /messages queues
// a new email, so a repeated call sends the message again.
package mailer

import (
	"context"
	"fmt"
	"net/http"

	"github.com/crumbworks/ovenline/internal/config"
	"github.com/crumbworks/ovenline/internal/providers/provhttp"
)

// Client sends email through Postbox.
type Client struct {
	t    *provhttp.Transport
	from string
}

// New builds a Client from configuration.
func New(cfg config.Config) *Client {
	return &Client{
		t: provhttp.New(cfg.Mailer.BaseURL, cfg.Mailer.Timeout, func(r *http.Request) {
			r.Header.Set("X-Postbox-Token", cfg.Mailer.APIKey)
		}),
		from: cfg.FromAddress,
	}
}

// Attachment is a file attached to a message.
type Attachment struct {
	Filename    string `json:"filename"`
	ContentType string `json:"content_type"`
	ContentB64  string `json:"content"`
}

// Message is an outgoing email.
type Message struct {
	To          string            `json:"to"`
	Subject     string            `json:"subject"`
	Template    string            `json:"template"`
	Data        map[string]any    `json:"data"`
	Tags        []string          `json:"tags,omitempty"`
	Headers     map[string]string `json:"headers,omitempty"`
	Attachments []Attachment      `json:"attachments,omitempty"`
}

// Send queues msg for delivery and returns the Postbox message id.
func (c *Client) Send(ctx context.Context, msg Message) (string, error) {
	body := struct {
		From string `json:"from"`
		Message
	}{From: c.from, Message: msg}
	var out struct {
		ID string `json:"id"`
	}
	if err := c.t.Do(ctx, http.MethodPost, "/messages", body, &out); err != nil {
		return "", fmt.Errorf("postbox: send %q to %s: %w", msg.Template, msg.To, err)
	}
	return out.ID, nil
}
