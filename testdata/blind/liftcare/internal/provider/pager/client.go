// Package pager sends SMS pages to field technicians through the
// PagerLine gateway.
package pager

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/liftwell-systems/liftcare/internal/provider/httpx"
)

const service = "pagerline"

// Message is one SMS. When ClientReference is set, PagerLine drops any
// further message with the same reference for 24 hours and returns the
// first message's ID.
type Message struct {
	To              string `json:"to"`
	Body            string `json:"body"`
	ClientReference string `json:"client_reference,omitempty"`
	Priority        string `json:"priority,omitempty"`
}

// Client is the PagerLine REST client.
type Client struct {
	baseURL string
	token   string
	http    *http.Client
}

// New returns a client.
func New(baseURL, token string) *Client {
	return &Client{baseURL: baseURL, token: token, http: &http.Client{Timeout: 10 * time.Second}}
}

type sendResponse struct {
	MessageID string `json:"message_id"`
}

// Send queues an SMS and returns the gateway's message ID.
func (c *Client) Send(ctx context.Context, m Message) (string, error) {
	req, err := httpx.JSONRequest(ctx, http.MethodPost, c.baseURL+"/v1/messages", m)
	if err != nil {
		return "", err
	}
	req.Header.Set("Authorization", "Token "+c.token)
	resp, err := c.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("%s: send: %w", service, err)
	}
	var out sendResponse
	if err := httpx.Decode(service, resp, &out); err != nil {
		return "", err
	}
	return out.MessageID, nil
}
