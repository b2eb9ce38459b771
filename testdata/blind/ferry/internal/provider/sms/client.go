// Package sms is the client for Relaytext, the SMS gateway used for boarding
// passes and disruption alerts. POST /v1/messages honours an Idempotency-Key
// header: a key seen in the last 48 hours returns the original message
// instead of sending another one.
package sms

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/northsound/ferrydesk/internal/platform/httpx"
)

// Message is one outbound SMS.
type Message struct {
	To             string
	Body           string
	Tag            string
	IdempotencyKey string
}

// Result is Relaytext's view of the message.
type Result struct {
	MessageID string `json:"id"`
	Status    string `json:"status"`
	Segments  int    `json:"segments"`
}

// Client sends SMS.
type Client struct {
	base   string
	apiKey string
	sender string
	doer   httpx.Doer
}

// New returns a client. Transport errors and 5xx responses are retried with
// the same Idempotency-Key.
func New(baseURL, apiKey, sender string) *Client {
	return &Client{
		base:   baseURL,
		apiKey: apiKey,
		sender: sender,
		doer:   httpx.Retrying(httpx.DefaultClient(10*time.Second), httpx.WithAttempts(4)),
	}
}

type sendBody struct {
	From string `json:"from"`
	To   string `json:"to"`
	Body string `json:"body"`
	Tag  string `json:"tag,omitempty"`
}

// Send queues a message for delivery.
func (c *Client) Send(ctx context.Context, m Message) (Result, error) {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.apiKey)
	if m.IdempotencyKey != "" {
		h.Set("Idempotency-Key", m.IdempotencyKey)
	}
	var out Result
	body := sendBody{From: c.sender, To: m.To, Body: m.Body, Tag: m.Tag}
	if err := httpx.JSON(ctx, c.doer, http.MethodPost, c.base+"/v1/messages", h, body, &out); err != nil {
		return Result{}, fmt.Errorf("sms: send to %s: %w", redact(m.To), err)
	}
	return out, nil
}

func redact(phone string) string {
	if len(phone) <= 4 {
		return "****"
	}
	return "****" + phone[len(phone)-4:]
}
