// Package sms sends text messages through the Telesend messaging API.
//
// Telesend has no idempotency mechanism: every accepted POST to
// /2010-04-01/Accounts/{sid}/Messages is a new message billed and delivered.
package sms

import (
	"context"
	"fmt"
	"net/http"

	"github.com/docketly/efile/internal/httpx"
)

// Message is one outbound SMS.
type Message struct {
	To   string
	Body string
}

// Result is Telesend's view of an accepted message.
type Result struct {
	SID    string `json:"sid"`
	Status string `json:"status"`
}

// Config configures the client.
type Config struct {
	BaseURL    string
	AccountSID string
	AuthToken  string
	From       string
}

// Client talks to Telesend.
type Client struct {
	hx   *httpx.Client
	sid  string
	from string
}

// New builds a client on top of the shared httpx transport.
func New(cfg Config, doer httpx.Doer) *Client {
	return &Client{
		hx:   httpx.New(cfg.BaseURL, doer, httpx.WithBasicAuth(cfg.AccountSID, cfg.AuthToken)),
		sid:  cfg.AccountSID,
		from: cfg.From,
	}
}

type sendBody struct {
	To   string `json:"to"`
	From string `json:"from"`
	Body string `json:"body"`
}

// maxSegments bounds how long a message may be before we refuse to send it.
const maxSegments = 4

// Send submits one message.
func (c *Client) Send(ctx context.Context, m Message) (*Result, error) {
	if len(m.Body) > 153*maxSegments {
		return nil, fmt.Errorf("sms: body of %d bytes exceeds %d segments", len(m.Body), maxSegments)
	}
	req, err := c.hx.NewRequest(ctx, http.MethodPost,
		"/2010-04-01/Accounts/"+c.sid+"/Messages",
		sendBody{To: m.To, From: c.from, Body: m.Body})
	if err != nil {
		return nil, err
	}
	var out Result
	if err := c.hx.Send(req, &out); err != nil {
		return nil, fmt.Errorf("sms: send: %w", err)
	}
	return &out, nil
}
