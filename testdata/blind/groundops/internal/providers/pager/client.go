// Package pager sends SMS pages to ramp crew through the SMS gateway.
package pager

import (
	"context"
	"net/http"
	"time"

	"github.com/apronworks/groundops/internal/platform/partner"
)

type Client struct {
	base   string
	apiKey string
	sender string
	hc     *http.Client
	caller *partner.Caller
}

func New(baseURL, apiKey string, timeout time.Duration, caller *partner.Caller) *Client {
	return &Client{base: baseURL, apiKey: apiKey, sender: "GROUNDOPS", hc: &http.Client{Timeout: timeout}, caller: caller}
}

type sendRequest struct {
	From string `json:"from"`
	To   string `json:"to"`
	Text string `json:"text"`
}

type sendResponse struct {
	MessageID string `json:"message_id"`
}

// Send delivers one SMS and returns the gateway's message id.
func (c *Client) Send(ctx context.Context, to, text string) (string, error) {
	resp, err := partner.Call(ctx, c.caller, "send_sms", to, func(ctx context.Context) (sendResponse, error) {
		var out sendResponse
		err := partner.DoJSON(ctx, c.hc, partner.Request{
			Method:  http.MethodPost,
			URL:     c.base + "/v1/messages",
			Headers: map[string]string{"X-Api-Key": c.apiKey},
			Body:    sendRequest{From: c.sender, To: to, Text: text},
		}, &out)
		return out, err
	})
	if err != nil {
		return "", err
	}
	return resp.MessageID, nil
}
