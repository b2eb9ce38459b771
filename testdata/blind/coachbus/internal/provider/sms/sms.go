// Package sms sends text messages through TextCourier's REST API.
//
// TextCourier has no idempotency support: every accepted POST /messages is
// a separate, billable message. The client therefore never retries on its
// own; callers decide what a failed send means.
package sms

import (
	"context"
	"net/http"
	"time"

	"github.com/northline/coachbus/internal/platform/httpx"
)

// Client talks to TextCourier.
type Client struct {
	baseURL string
	apiKey  string
	sender  string
	hc      *http.Client
}

// New builds a client with a short timeout; SMS sends should not hold up a
// consumer for long.
func New(baseURL, apiKey, sender string) *Client {
	return &Client{
		baseURL: baseURL,
		apiKey:  apiKey,
		sender:  sender,
		hc:      &http.Client{Timeout: 5 * time.Second},
	}
}

type sendRequest struct {
	From string `json:"from"`
	To   string `json:"to"`
	Text string `json:"text"`
}

type sendResponse struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
}

// Send submits one message and returns TextCourier's message id.
func (c *Client) Send(ctx context.Context, to, text string) (string, error) {
	req, err := httpx.NewJSONRequest(ctx, http.MethodPost, c.baseURL+"/messages",
		sendRequest{From: c.sender, To: to, Text: text})
	if err != nil {
		return "", err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	var out sendResponse
	if err := httpx.DoJSON(c.hc, req, &out); err != nil {
		return "", err
	}
	return out.MessageID, nil
}
