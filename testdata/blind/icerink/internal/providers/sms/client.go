// Package sms sends text messages through the Textline gateway.
package sms

import (
	"context"
	"net/http"
	"time"

	"github.com/frostline-arena/rinkops/internal/platform"
)

type Client struct {
	api  *platform.JSONClient
	from string
}

func New(cfg platform.SMSConfig) *Client {
	return &Client{
		api:  platform.NewJSONClient(cfg.BaseURL, 10*time.Second, platform.BearerAuth(cfg.Token)),
		from: cfg.From,
	}
}

type sendRequest struct {
	From string `json:"from"`
	To   string `json:"to"`
	Body string `json:"body"`
}

type sendResponse struct {
	MessageSID string `json:"sid"`
}

// Send delivers one message and returns the gateway's message SID.
func (c *Client) Send(ctx context.Context, to, body string) (string, error) {
	var out sendResponse
	err := c.api.Do(ctx, http.MethodPost, "/messages", sendRequest{From: c.from, To: to, Body: body}, &out, nil)
	return out.MessageSID, err
}
