// Package sms is the client for RelayText, the SMS gateway used for
// critical-value alerts and patient notifications. The Messages API has
// no idempotency mechanism: every accepted POST is a new message.
package sms

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/meridianlabs/labs/internal/providers/httpc"
)

// Message is an outbound SMS.
type Message struct {
	To             string `json:"to"`
	From           string `json:"from"`
	Body           string `json:"body"`
	StatusCallback string `json:"status_callback,omitempty"`
	Priority       string `json:"priority,omitempty"`
}

// Receipt is the gateway's acceptance of a message.
type Receipt struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
	Segments  int    `json:"segments"`
}

// Sender sends SMS messages.
type Sender interface {
	Send(ctx context.Context, m Message) (*Receipt, error)
}

// Client is a RelayText client.
type Client struct {
	core  *httpc.Client
	from  string
	cbURL string
}

// Option configures the client.
type Option func(*Client)

// WithSenderID sets the default From.
func WithSenderID(id string) Option { return func(c *Client) { c.from = id } }

// WithStatusCallback sets the delivery receipt URL.
func WithStatusCallback(u string) Option { return func(c *Client) { c.cbURL = u } }

// WithBaseURL changes the API host.
func WithBaseURL(u string) Option { return func(c *Client) { c.core.BaseURL = u } }

// WithDoer replaces the HTTP client.
func WithDoer(d httpc.Doer) Option { return func(c *Client) { c.core.HTTP = d } }

// NewClient builds a client for account.
func NewClient(account, token string, opts ...Option) *Client {
	c := &Client{
		core: &httpc.Client{
			Provider: "relaytext",
			BaseURL:  "https://api.relaytext.example",
			HTTP:     httpc.DefaultHTTPClient(10 * time.Second),
			Authorize: func(r *http.Request) {
				r.SetBasicAuth(account, token)
			},
			DecodeError: func(body []byte) (string, string) {
				var e struct {
					Code    string `json:"code"`
					Message string `json:"message"`
				}
				_ = json.Unmarshal(body, &e)
				return e.Code, e.Message
			},
		},
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Send submits one message.
func (c *Client) Send(ctx context.Context, m Message) (*Receipt, error) {
	if m.From == "" {
		m.From = c.from
	}
	if m.StatusCallback == "" {
		m.StatusCallback = c.cbURL
	}
	var out Receipt
	if err := c.core.Do(ctx, httpc.Request{Method: http.MethodPost, Path: "/v3/messages", Body: m}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
