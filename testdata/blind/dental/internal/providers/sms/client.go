// Package sms is the client for Relay SMS, the text-message gateway used
// for appointment reminders, payment receipts and claim notices. POST
// /v2/messages honours an Idempotency-Key header: a repeated key within 24
// hours returns the original message instead of sending another one.
package sms

import (
	"context"
	"fmt"
	"net/http"

	"github.com/brightsmile-dental/practiceops/internal/platform/httpclient"
)

// Message is an outbound text.
type Message struct {
	To             string
	From           string
	Body           string
	IdempotencyKey string
	// Tag is echoed back on delivery receipts.
	Tag string
}

// Result is the gateway's record of the message.
type Result struct {
	MessageID string `json:"id"`
	Status    string `json:"status"`
	Segments  int    `json:"segments"`
}

// Sender sends text messages.
type Sender interface {
	Send(ctx context.Context, msg Message) (Result, error)
}

type client struct {
	http *httpclient.Client
}

// New returns a Sender for the Relay API at baseURL.
func New(baseURL, apiKey string, opts ...httpclient.Option) Sender {
	opts = append([]httpclient.Option{httpclient.WithBearer(apiKey)}, opts...)
	return &client{http: httpclient.New(baseURL, opts...)}
}

type sendBody struct {
	To   string `json:"to"`
	From string `json:"from"`
	Text string `json:"text"`
	Tag  string `json:"tag,omitempty"`
}

func (c *client) Send(ctx context.Context, msg Message) (Result, error) {
	headers := map[string]string{}
	if msg.IdempotencyKey != "" {
		headers["Idempotency-Key"] = msg.IdempotencyKey
	}
	var out Result
	err := c.http.Do(ctx, http.MethodPost, "/v2/messages", headers,
		sendBody{To: msg.To, From: msg.From, Text: msg.Body, Tag: msg.Tag}, &out)
	if err != nil {
		return Result{}, fmt.Errorf("relay send to %s: %w", redact(msg.To), err)
	}
	return out, nil
}

func redact(phone string) string {
	if len(phone) <= 4 {
		return "****"
	}
	return "****" + phone[len(phone)-4:]
}
