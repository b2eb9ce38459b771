// Package textline is a client for the Textline SMS API used for
// operational alerts to shippers and dispatchers.
//
// Textline has no idempotency key or client reference: every accepted
// POST /messages is delivered to the handset.
package textline

import (
	"context"
	"net/http"

	"github.com/frostline/coldchain/internal/platform"
)

type Client struct {
	baseURL string
	token   string
	from    string
	http    platform.Doer
}

func New(baseURL, token, from string, doer platform.Doer) *Client {
	return &Client{baseURL: baseURL, token: token, from: from, http: doer}
}

type sendRequest struct {
	From string `json:"from"`
	To   string `json:"to"`
	Body string `json:"body"`
}

type sendResponse struct {
	SID    string `json:"sid"`
	Status string `json:"status"`
}

// Send delivers one SMS and returns Textline's message SID.
func (c *Client) Send(ctx context.Context, to, body string) (string, error) {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.token)
	var out sendResponse
	err := platform.DoJSON(ctx, c.http, platform.JSONRequest{
		Provider: "textline",
		Method:   http.MethodPost,
		URL:      c.baseURL + "/messages",
		Header:   h,
		Body:     sendRequest{From: c.from, To: to, Body: body},
	}, &out)
	return out.SID, err
}
