// Package sms sends text messages through Textbeam.
//
// Textbeam honours an Idempotency-Key header on POST /v1/messages: a
// repeated key within 24 hours returns the first message instead of sending
// another.
package sms

import (
	"context"
	"net/http"
	"time"

	"github.com/carelink/telehealth/internal/platform/httpx"
	"github.com/carelink/telehealth/internal/platform/retry"
)

// Message is one outbound SMS.
type Message struct {
	To             string
	Body           string
	IdempotencyKey string
}

// Result is Textbeam's acceptance of a message.
type Result struct {
	SID    string `json:"sid"`
	Status string `json:"status"`
}

// Sender is implemented by Client and by test fakes.
type Sender interface {
	Send(ctx context.Context, m Message) (Result, error)
}

// Client is the Textbeam HTTP client.
type Client struct {
	base, accountSID, token, from string
	hc                            *http.Client
	policy                        retry.Policy
}

func NewClient(base, accountSID, token, from string, policy retry.Policy) *Client {
	return &Client{base: base, accountSID: accountSID, token: token, from: from,
		hc: httpx.NewClient(10 * time.Second), policy: policy}
}

func (c *Client) Send(ctx context.Context, m Message) (Result, error) {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.token)
	if m.IdempotencyKey != "" {
		h.Set("Idempotency-Key", m.IdempotencyKey)
	}
	body := map[string]string{"from": c.from, "to": m.To, "body": m.Body, "account_sid": c.accountSID}
	return retry.DoValue(ctx, c.policy, func() (Result, error) {
		var r Result
		err := httpx.DoJSON(ctx, c.hc, httpx.Call{
			Provider: "textbeam", Method: http.MethodPost, URL: c.base + "/v1/messages",
			Header: h, Body: body, Out: &r,
		})
		return r, err
	})
}
