// Package sms is a client for the SMS gateway. The gateway has no request
// deduplication: every accepted POST is a new message.
package sms

import (
	"context"
	"net/http"
	"strings"

	"github.com/harvestloop/farmshare/internal/platform/providerhttp"
)

// Client sends text messages.
type Client struct {
	api    *providerhttp.Client
	sender string
}

// New returns a client.
func New(baseURL, apiKey, sender string) *Client {
	return &Client{
		api: providerhttp.New(baseURL, func(r *http.Request) {
			r.SetBasicAuth("api", apiKey)
		}),
		sender: sender,
	}
}

type sendRequest struct {
	From string `json:"from"`
	To   string `json:"to"`
	Text string `json:"text"`
}

type sendResponse struct {
	MessageID string `json:"message_id"`
	Parts     int    `json:"parts"`
}

// Send sends text to the E.164 number to and returns the gateway's id.
func (c *Client) Send(ctx context.Context, to, text string) (string, error) {
	to = strings.ReplaceAll(to, " ", "")
	var out sendResponse
	if err := c.api.Do(ctx, http.MethodPost, "/v1/messages", sendRequest{From: c.sender, To: to, Text: text}, &out, nil); err != nil {
		return "", err
	}
	return out.MessageID, nil
}
