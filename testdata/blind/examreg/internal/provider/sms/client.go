// Package sms sends text messages through the SMS gateway.
package sms

import (
	"context"
	"net/http"
	"net/url"
	"time"

	"github.com/lexicaassess/examreg/internal/platform/httpx"
)

// Options configures the gateway client.
type Options struct {
	BaseURL    string
	AccountID  string
	AuthToken  string
	Sender     string
	Timeout    time.Duration
	HTTPClient *http.Client
}

// Client posts messages to the gateway. The gateway has no request
// de-duplication: every accepted POST is a message sent.
type Client struct {
	opts Options
	http httpx.Doer
}

// New builds a Client.
func New(opts Options) *Client {
	hc := opts.HTTPClient
	if hc == nil {
		if opts.Timeout == 0 {
			opts.Timeout = 8 * time.Second
		}
		hc = &http.Client{Timeout: opts.Timeout}
	}
	return &Client{opts: opts, http: hc}
}

type sendResult struct {
	SID    string `json:"sid"`
	Status string `json:"status"`
}

// Send sends body to the E.164 number to.
func (c *Client) Send(ctx context.Context, to, body string) (string, error) {
	form := url.Values{}
	form.Set("To", to)
	form.Set("From", c.opts.Sender)
	form.Set("Body", body)
	req, err := httpx.Form(ctx, http.MethodPost, c.opts.BaseURL, "/accounts/"+c.opts.AccountID+"/messages", form,
		httpx.BasicAuth(c.opts.AccountID, c.opts.AuthToken), httpx.Header("Accept", "application/json"))
	if err != nil {
		return "", err
	}
	var res sendResult
	if err := httpx.Do(c.http, req, &res); err != nil {
		return "", err
	}
	return res.SID, nil
}
