// Package sms sends texts through a gateway that drops a repeated
// reference.
package sms

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
)

// A Message is a text, with the reference the gateway drops a repeat
// by.
type Message struct {
	To        string `json:"to"`
	Body      string `json:"body"`
	Reference string `json:"reference,omitempty"`
}

type payload struct {
	From string `json:"from"`
	Message
}

// Client sends texts.
type Client struct{ HC *http.Client }

// Send posts the message under the sender's name.
func (c *Client) Send(ctx context.Context, m Message) error {
	b, err := json.Marshal(payload{From: "SHOP", Message: m})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://sms.example/messages", bytes.NewReader(b))
	if err != nil {
		return err
	}
	resp, err := c.HC.Do(req) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler Texts.Remind\)`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
