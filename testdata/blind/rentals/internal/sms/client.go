// Package sms sends text messages through the SMS gateway. The gateway has
// no request de-duplication: every accepted request is a text message.
package sms

import (
	"context"
	"net/http"
	"time"

	"github.com/gearloop/rentals/internal/config"
	"github.com/gearloop/rentals/internal/outbound"
)

// Sender sends one SMS.
type Sender interface {
	Send(ctx context.Context, to, body string) (string, error)
}

// Client is the gateway client.
type Client struct {
	baseURL string
	apiKey  string
	from    string
	hc      *http.Client
	policy  outbound.Policy
}

// NewClient builds the gateway client.
func NewClient(cfg *config.Config) *Client {
	return &Client{
		baseURL: cfg.SMSBaseURL,
		apiKey:  cfg.SMSAPIKey,
		from:    cfg.SMSSender,
		hc:      &http.Client{Timeout: 10 * time.Second},
		// The gateway cannot tell a resend from a new message, so a failed
		// send is never repeated here; callers decide.
		policy: outbound.Policy{Attempts: 1},
	}
}

type sendRequest struct {
	From string `json:"from"`
	To   string `json:"to"`
	Text string `json:"text"`
}

type sendResponse struct {
	MessageID string `json:"message_id"`
}

// Send sends body to the E.164 number to and returns the gateway's ID.
func (c *Client) Send(ctx context.Context, to, body string) (string, error) {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.apiKey)
	var out sendResponse
	err := outbound.JSON(ctx, c.hc, c.policy, outbound.Request{
		Op:      "sms.send",
		Method:  http.MethodPost,
		URL:     c.baseURL + "/messages",
		Header:  h,
		Body:    sendRequest{From: c.from, To: to, Text: body},
		Timeout: 5 * time.Second,
	}, &out)
	return out.MessageID, err
}
