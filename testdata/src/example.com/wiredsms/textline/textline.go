// Package textline is an SMS gateway's client: the gateway sends a
// message once per client_ref.
package textline

import (
	"context"
	"net/http"

	"example.com/wiredsms/httpx"
	"example.com/wiredsms/svc"
)

type sendRequest struct {
	To        string `json:"to"`
	Text      string `json:"text"`
	ClientRef string `json:"client_ref,omitempty"`
}

type Client struct{ HTTP *http.Client }

// Send copies the caller's reference into the body a helper of another
// package encodes.
func (c *Client) Send(ctx context.Context, m svc.SMS) error {
	h := http.Header{}
	h.Set("Authorization", "Bearer k")
	return httpx.JSON(ctx, c.HTTP, http.MethodPost, "https://sms.example/v1/messages", h, sendRequest{To: m.To, Text: m.Body, ClientRef: m.ClientRef}) // want `a retry repeats the HTTP POST: the input sets no client_ref \(HTTP handler Handler.Notify\)`
}
