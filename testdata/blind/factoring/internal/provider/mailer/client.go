// Package mailer sends transactional email through a templated email API.
// The API has no request deduplication: every accepted call is delivered.
package mailer

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/kestrelfin/factoring/internal/provider/rest"
)

type Client struct {
	rest *rest.Client
	from string
}

type Option func(*Client, *[]rest.Option)

func WithAPIKey(k string) Option {
	return func(_ *Client, ro *[]rest.Option) { *ro = append(*ro, rest.WithBearerToken(k)) }
}

func WithTimeout(d time.Duration) Option {
	return func(_ *Client, ro *[]rest.Option) { *ro = append(*ro, rest.WithTimeout(d)) }
}

func WithFrom(addr string) Option {
	return func(c *Client, _ *[]rest.Option) { c.from = addr }
}

func New(baseURL string, opts ...Option) *Client {
	c := &Client{from: "notifications@kestrel-finance.example"}
	var ro []rest.Option
	for _, o := range opts {
		o(c, &ro)
	}
	c.rest = rest.New(baseURL, ro...)
	return c
}

type Message struct {
	From       string            `json:"from"`
	To         string            `json:"to"`
	TemplateID string            `json:"template_id"`
	Vars       map[string]string `json:"variables"`
	Tags       []string          `json:"tags,omitempty"`
}

type Receipt struct {
	MessageID string `json:"message_id"`
	Accepted  bool   `json:"accepted"`
}

func (c *Client) Send(ctx context.Context, msg Message) (*Receipt, error) {
	if msg.From == "" {
		msg.From = c.from
	}
	var out Receipt
	if err := c.rest.Do(ctx, http.MethodPost, "/v1/messages", msg, &out); err != nil {
		return nil, fmt.Errorf("mailer: send: %w", err)
	}
	return &out, nil
}
