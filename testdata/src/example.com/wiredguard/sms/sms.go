// Package sms is the client of a text gateway that sends a message once
// per key.
package sms

import "context"

// Client sends texts through the gateway's transport, which main
// chooses.
type Client struct {
	Send func(ctx context.Context, key, body string) (string, error)
}

// Text sends body under key and returns the gateway's message ID.
func (c *Client) Text(ctx context.Context, key, body string) (string, error) {
	return c.Send(ctx, key, body)
}
