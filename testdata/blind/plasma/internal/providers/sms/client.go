// Package sms sends text messages through the messaging gateway.
//
// The gateway drops a message whose client_reference matches one accepted
// in the previous 24 hours and returns the original message id.
package sms

import (
	"context"
	"fmt"
	"net/http"

	"github.com/veinline/plasmaops/internal/config"
	"github.com/veinline/plasmaops/internal/providers/httpclient"
)

// Sender is what workers depend on.
type Sender interface {
	Send(ctx context.Context, msg Message) (string, error)
}

// Message is one outbound SMS.
type Message struct {
	To   string `json:"to"`
	Body string `json:"body"`
	// ClientReference de-duplicates sends within 24h.
	ClientReference string `json:"client_reference,omitempty"`
}

// Client is the gateway client.
type Client struct {
	baseURL string
	apiKey  string
	sender  string
	http    httpclient.Doer
}

// New returns a Client from config.
func New(cfg config.Config) *Client {
	return &Client{
		baseURL: cfg.SMS.BaseURL,
		apiKey:  cfg.SMS.APIKey,
		sender:  cfg.SMS.Sender,
		http:    httpclient.Default(),
	}
}

type sendRequest struct {
	From string `json:"from"`
	Message
}

type sendResponse struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
}

// Send submits msg and returns the gateway's message id.
func (c *Client) Send(ctx context.Context, msg Message) (string, error) {
	var out sendResponse
	err := httpclient.Do(ctx, c.http, httpclient.Request{
		Method:  http.MethodPost,
		URL:     c.baseURL + "/v1/messages",
		Headers: map[string]string{"Authorization": "Bearer " + c.apiKey},
		Body:    sendRequest{From: c.sender, Message: msg},
	}, &out)
	if err != nil {
		return "", fmt.Errorf("sms: send: %w", err)
	}
	return out.MessageID, nil
}
