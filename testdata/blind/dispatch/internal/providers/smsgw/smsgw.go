// Package smsgw is the client for TextRelay, the partner SMS gateway used to
// message recipients. TextRelay drops a message whose client_reference it has
// already accepted in the last 72 hours and returns the original message id.
package smsgw

import (
	"context"
	"net/http"
	"time"

	"github.com/quaymile/dispatch/internal/config"
	"github.com/quaymile/dispatch/internal/providers/httpdo"
)

// Message is the wire body of POST /messages.
type Message struct {
	To              string            `json:"to"`
	From            string            `json:"from"`
	Body            string            `json:"body"`
	ClientReference string            `json:"client_reference,omitempty"`
	CallbackURL     string            `json:"callback_url,omitempty"`
	ValidityMinutes int               `json:"validity_minutes,omitempty"`
	Tags            map[string]string `json:"tags,omitempty"`
}

// SendResult is the gateway's answer.
type SendResult struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
	Duplicate bool   `json:"duplicate"`
}

// Sender sends SMS messages.
type Sender interface {
	Send(ctx context.Context, msg Message) (*SendResult, error)
}

type client struct {
	http *httpdo.Client
}

// NewSender builds the TextRelay client.
func NewSender(cfg config.Config) Sender {
	return &client{http: &httpdo.Client{
		HTTP:    &http.Client{Timeout: 10 * time.Second},
		BaseURL: cfg.SMSGatewayURL,
		Headers: map[string]string{"Authorization": "Bearer " + cfg.SMSGatewayKey},
	}}
}

func (c *client) Send(ctx context.Context, msg Message) (*SendResult, error) {
	var out SendResult
	if err := c.http.Do(ctx, httpdo.Request{Method: http.MethodPost, Path: "/messages", Body: msg}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
