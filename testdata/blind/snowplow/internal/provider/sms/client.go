// Package sms sends text messages to drivers and subcontractors through the
// SMS gateway. The gateway has no request de-duplication: every accepted
// POST is a message on someone's phone.
package sms

import (
	"context"
	"net/http"
	"time"

	"github.com/driftline-services/snowplow/internal/platform/apiclient"
)

// Client is the SMS gateway client.
type Client struct {
	baseURL string
	account string
	token   string
	from    string
	hc      *http.Client
}

// Option configures a Client.
type Option func(*Client)

// WithSender sets the sending number.
func WithSender(from string) Option { return func(c *Client) { c.from = from } }

// WithHTTPClient replaces the default HTTP client.
func WithHTTPClient(hc *http.Client) Option { return func(c *Client) { c.hc = hc } }

// NewClient returns a gateway client.
func NewClient(baseURL, account, token string, opts ...Option) *Client {
	c := &Client{baseURL: baseURL, account: account, token: token, hc: &http.Client{Timeout: 10 * time.Second}}
	for _, o := range opts {
		o(c)
	}
	return c
}

type sendResponse struct {
	MessageID string `json:"message_id"`
}

// Send delivers body to the E.164 number to and returns the gateway's
// message ID.
func (c *Client) Send(ctx context.Context, to, body string) (string, error) {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.token)
	var out sendResponse
	err := apiclient.DoJSON(ctx, c.hc, apiclient.Request{
		Method: http.MethodPost,
		URL:    c.baseURL + "/accounts/" + c.account + "/messages",
		Header: h,
		Body:   map[string]string{"from": c.from, "to": to, "body": body},
	}, &out)
	return out.MessageID, err
}
