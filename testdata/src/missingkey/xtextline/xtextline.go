// Package xtextline is an SMS gateway's client: the gateway sends a
// message once per client_ref.
package xtextline

import (
	"context"
	"net/http"

	"missingkey/xjsonsend"
)

// SMSRequest is a message to send.
type SMSRequest struct {
	To, Body  string
	ClientRef string
}

type sendRequest struct {
	To        string `json:"to"`
	Text      string `json:"text"`
	ClientRef string `json:"client_ref,omitempty"`
}

type Client struct{ http *http.Client }

func New() *Client { return &Client{http: http.DefaultClient} }

// Send copies the caller's reference into the body it encodes.
func (c *Client) Send(ctx context.Context, req SMSRequest) error {
	h := http.Header{}
	h.Set("Authorization", "Bearer k")
	return xjsonsend.JSON(ctx, c.http, http.MethodPost, "https://sms.example/v1/messages", h, sendRequest{
		To:        req.To,
		Text:      req.Body,
		ClientRef: req.ClientRef,
	})
}
