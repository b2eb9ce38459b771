// Package sms is a client for the Textbird SMS gateway.
//
// Textbird queues every accepted POST /v2/messages for delivery straight
// away; the API takes no client reference or request key.
package sms

import (
	"context"
	"net/http"
	"time"

	"github.com/quayside/lockers/internal/provider/apiclient"
)

type Option func(*Client)

func WithHTTPClient(hc *http.Client) Option {
	return func(c *Client) { c.api.HTTP = hc }
}

func WithAPIKey(key string) Option {
	return func(c *Client) { c.api.Header.Set("Authorization", "Bearer "+key) }
}

func WithSenderID(sender string) Option {
	return func(c *Client) { c.sender = sender }
}

func WithTimeout(d time.Duration) Option {
	return func(c *Client) { c.timeout = d }
}

type Client struct {
	api     *apiclient.Client
	sender  string
	timeout time.Duration
}

func New(baseURL string, opts ...Option) *Client {
	c := &Client{
		api:     apiclient.New("textbird", baseURL, nil),
		sender:  "Quayside",
		timeout: 10 * time.Second,
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

type Message struct {
	To   string
	Body string
}

type sendRequest struct {
	From string `json:"from"`
	To   string `json:"to"`
	Text string `json:"text"`
}

type sendResponse struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// Send submits one SMS and returns Textbird's message id.
func (c *Client) Send(ctx context.Context, m Message) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	var out sendResponse
	err := c.api.Do(ctx, apiclient.Request{
		Method: http.MethodPost,
		Path:   "/v2/messages",
		Body:   sendRequest{From: c.sender, To: m.To, Text: m.Body},
	}, &out)
	return out.ID, err
}
