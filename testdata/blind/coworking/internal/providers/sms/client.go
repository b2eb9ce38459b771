// Package sms is the client for the messaging API. The API deduplicates
// messages that carry the same client_ref within 24 hours.
package sms

import (
	"context"
	"net/http"

	"github.com/deskhive/coworking/internal/providers/httpclient"
)

// Message is an outbound text message.
type Message struct {
	To        string `json:"to"`
	From      string `json:"from"`
	Body      string `json:"body"`
	ClientRef string `json:"client_ref,omitempty"`
}

// Receipt is returned by the API on acceptance.
type Receipt struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
	Duplicate bool   `json:"duplicate"`
}

// Sender sends text messages.
type Sender interface {
	Send(ctx context.Context, msg Message) (Receipt, error)
}

// Client implements Sender.
type Client struct {
	c      *httpclient.Client
	sender string
}

// NewClient builds the messaging API client.
func NewClient(baseURL, apiKey, sender string) *Client {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+apiKey)
	return &Client{c: httpclient.New(baseURL, h), sender: sender}
}

// Send submits msg for delivery.
func (c *Client) Send(ctx context.Context, msg Message) (Receipt, error) {
	if msg.From == "" {
		msg.From = c.sender
	}
	var out Receipt
	err := c.c.Do(ctx, http.MethodPost, "/v1/messages", nil, msg, &out)
	return out, err
}
