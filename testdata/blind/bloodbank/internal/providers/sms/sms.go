// Package sms sends text messages through the SMS gateway.
package sms

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/hemolink-systems/bloodbank/internal/providers/apiclient"
)

// SendRequest is one outbound SMS. The gateway drops a request whose
// client_ref it has already accepted in the last 24 hours and answers with
// the original message ID.
type SendRequest struct {
	To        string `json:"to"`
	Body      string `json:"body"`
	Sender    string `json:"sender,omitempty"`
	ClientRef string `json:"client_ref,omitempty"`
}

type SendResult struct {
	MessageID string `json:"message_id"`
	Duplicate bool   `json:"duplicate"`
}

type Client struct {
	api    *apiclient.Client
	sender string
}

func New(baseURL, apiKey, sender string, timeout time.Duration) *Client {
	return &Client{api: apiclient.New(baseURL, timeout, apiclient.BearerToken(apiKey)), sender: sender}
}

func (c *Client) Send(ctx context.Context, req SendRequest) (SendResult, error) {
	if req.Sender == "" {
		req.Sender = c.sender
	}
	var out SendResult
	if _, err := c.api.Do(ctx, http.MethodPost, "/v1/messages", req, &out, nil); err != nil {
		return SendResult{}, fmt.Errorf("sms send: %w", err)
	}
	return out, nil
}
