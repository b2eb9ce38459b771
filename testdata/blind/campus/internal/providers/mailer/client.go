// Package mailer sends templated transactional email (room offers, refund
// notices, reminders) through the email delivery service. The service's
// send endpoint has no idempotency key; each accepted call is one email.
package mailer

import (
	"context"
	"net/http"

	"github.com/quadhall/housing/internal/httpclient"
)

// Config holds the email service credentials.
type Config struct {
	BaseURL string
	APIKey  string
	From    string
}

// Client is the email service client.
type Client struct {
	cfg  Config
	http *http.Client
}

// New returns a Client.
func New(cfg Config, hc *http.Client) *Client { return &Client{cfg: cfg, http: hc} }

// Message is one templated email.
type Message struct {
	To       string         `json:"to"`
	Template string         `json:"template_id"`
	Data     map[string]any `json:"dynamic_data"`
}

// Send submits msg for delivery.
func (c *Client) Send(ctx context.Context, msg Message) error {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.cfg.APIKey)
	body := struct {
		From string `json:"from"`
		Message
	}{From: c.cfg.From, Message: msg}
	return httpclient.DoJSON(ctx, c.http, httpclient.Request{
		Provider: "mailer",
		Method:   http.MethodPost,
		URL:      c.cfg.BaseURL + "/v3/mail/send",
		Header:   h,
		Body:     body,
	}, nil)
}
