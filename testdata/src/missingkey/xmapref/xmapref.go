// Package xmapref sends texts through a gateway that drops a second
// message with the same client_ref, which the caller may give; its
// client resends a request that fails.
package xmapref

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

// Message is a text to send.
type Message struct {
	To, Body  string
	ClientRef string
}

// Client sends texts.
type Client struct {
	http *retryablehttp.Client
}

// New returns a client.
func New() *Client { return &Client{http: retryablehttp.NewClient()} }

// Send submits m, under its reference when it has one.
func (c *Client) Send(ctx context.Context, m Message) error {
	body := map[string]any{"to": m.To, "body": m.Body}
	if m.ClientRef != "" {
		body["client_ref"] = m.ClientRef
	}
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, "https://sms.example/v1/messages", bytes.NewReader(b))
	if err != nil {
		return err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Notify submits m under a reference of the client's own making.
func (c *Client) Notify(ctx context.Context, m Message) error {
	body := map[string]any{"to": m.To, "body": m.Body}
	body["client_ref"] = "note-" + m.To
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, "https://sms.example/v1/messages", bytes.NewReader(b))
	if err != nil {
		return err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
