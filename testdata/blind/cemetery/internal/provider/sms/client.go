// Package sms sends text messages through Textwire.
package sms

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/hollowpine-memorial/plotkeeper/internal/provider/httpjson"
)

// Options configures Client.
type Options struct {
	BaseURL   string
	AccountID string
	AuthToken string
	From      string
	Timeout   time.Duration
}

// Client implements provider.SMS.
type Client struct {
	http      *httpjson.Client
	accountID string
	from      string
}

func New(opts Options) *Client {
	account, token := opts.AccountID, opts.AuthToken
	return &Client{
		accountID: opts.AccountID,
		from:      opts.From,
		http: httpjson.New(httpjson.Options{
			BaseURL: opts.BaseURL,
			Timeout: opts.Timeout,
			Authorize: func(r *http.Request) {
				r.SetBasicAuth(account, token)
			},
		}),
	}
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

func (c *Client) Send(ctx context.Context, to, body string) (string, error) {
	var out sendResponse
	path := "/accounts/" + c.accountID + "/messages"
	if _, err := c.http.Do(ctx, http.MethodPost, path, nil, sendRequest{From: c.from, To: to, Body: body}, &out); err != nil {
		return "", fmt.Errorf("sms: send: %w", err)
	}
	return out.SID, nil
}
