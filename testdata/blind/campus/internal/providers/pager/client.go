// Package pager sends SMS pages to on-call contractors for emergency
// maintenance (burst pipes, no heat, lock-outs) through the SMS gateway.
//
// The gateway has no idempotency support: every accepted POST /messages is
// a separate text message.
package pager

import (
	"context"
	"net/http"
	"net/url"

	"github.com/quadhall/housing/internal/httpclient"
)

// Config holds gateway credentials.
type Config struct {
	BaseURL    string
	AccountSID string
	AuthToken  string
	FromNumber string
}

// Client is the SMS gateway client.
type Client struct {
	cfg  Config
	http *http.Client
}

// New returns a Client.
func New(cfg Config, hc *http.Client) *Client { return &Client{cfg: cfg, http: hc} }

type message struct {
	From string `json:"from"`
	To   string `json:"to"`
	Body string `json:"body"`
}

// Page texts body to the given number and returns the gateway message SID.
func (c *Client) Page(ctx context.Context, to, body string) (string, error) {
	h := http.Header{}
	h.Set("Authorization", "Basic "+c.cfg.AccountSID+":"+c.cfg.AuthToken)
	var out struct {
		SID string `json:"sid"`
	}
	err := httpclient.DoJSON(ctx, c.http, httpclient.Request{
		Provider: "pager",
		Method:   http.MethodPost,
		URL:      c.cfg.BaseURL + "/accounts/" + url.PathEscape(c.cfg.AccountSID) + "/messages",
		Header:   h,
		Body:     message{From: c.cfg.FromNumber, To: to, Body: body},
	}, &out)
	if err != nil {
		return "", err
	}
	return out.SID, nil
}
