// Package sms is a message gateway's client: it drops a repeated send
// by the body's client_reference.
package sms

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
)

// A Message is one text.
type Message struct {
	To              string `json:"to"`
	Body            string `json:"body"`
	ClientReference string `json:"client_reference,omitempty"`
}

// API sends texts.
type API interface {
	SendMessage(ctx context.Context, m Message) (string, error)
}

// Client is the gateway's API.
type Client struct{ Base string }

// SendMessage posts the message.
func (c *Client) SendMessage(ctx context.Context, m Message) (string, error) {
	if m.Body == "" {
		m.Body = "(empty)"
	}
	var out struct{ ID string }
	err := c.post(ctx, "/messages", m, &out)
	return out.ID, err
}

// A Call is a voice call, which the gateway does not dedup.
type Call struct {
	To   string `json:"to"`
	Text string `json:"text"`
}

// PlaceCall places a call.
func (c *Client) PlaceCall(ctx context.Context, call Call) error {
	return c.post(ctx, "/calls", call, nil)
}

// post sends in as the body of a POST to path.
func (c *Client) post(ctx context.Context, path string, in, out any) error {
	b, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Base+path, bytes.NewReader(b))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if out == nil {
		return nil
	}
	return json.NewDecoder(resp.Body).Decode(out)
}
