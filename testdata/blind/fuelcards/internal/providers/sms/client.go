// Package sms is the client for the SMS gateway used for driver alerts.
//
// The send endpoint takes an optional client_ref in the request body. The
// gateway remembers client_ref values for 72 hours and answers a repeated
// one with the original message instead of sending again. Delivery reports
// are POSTed to the status_callback URL, at least once per status change.
package sms

import (
	"context"
	"net/http"
	"time"

	"github.com/ridgeline-fleet/fuelcards/internal/providers/httpx"
)

// Client sends text messages.
type Client struct {
	http   *httpx.Client
	sender string
}

// New builds a Client.
func New(baseURL, apiKey, sender string, opts ...httpx.Option) *Client {
	opts = append([]httpx.Option{
		httpx.WithAuth(func(r *http.Request) { r.Header.Set("X-API-Key", apiKey) }),
		httpx.WithRetries(2, 200*time.Millisecond),
	}, opts...)
	return &Client{http: httpx.New(baseURL, opts...), sender: sender}
}

// Message is one outbound SMS.
type Message struct {
	To             string `json:"to"`
	Body           string `json:"body"`
	ClientRef      string `json:"client_ref,omitempty"`
	StatusCallback string `json:"status_callback,omitempty"`
}

type sendRequest struct {
	From string `json:"from"`
	Message
}

// Sent is the gateway's acknowledgement.
type Sent struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
	Segments  int    `json:"segments"`
}

// Send submits a message for delivery.
func (c *Client) Send(ctx context.Context, msg Message) (Sent, error) {
	var out Sent
	err := c.http.Do(ctx, http.MethodPost, "/v1/messages", nil, sendRequest{From: c.sender, Message: msg}, &out)
	return out, err
}
