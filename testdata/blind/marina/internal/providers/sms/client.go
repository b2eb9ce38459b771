// Package sms is the client for the TextHarbour SMS gateway.
//
// POST /messages accepts an optional client_reference; the gateway keeps
// references for 72 hours and answers a repeated reference with the message
// it already accepted (HTTP 200 instead of 201) without sending again.
// POST /broadcasts fans one body out to many recipients and has no
// reference field.
package sms

import (
	"context"
	"net/http"
	"time"

	"github.com/harbourline/marina/internal/providers/httpx"
)

type Config struct {
	BaseURL string
	APIKey  string
	Sender  string
}

type Client struct {
	http   *httpx.Client
	sender string
}

func New(cfg Config) *Client {
	return &Client{
		sender: cfg.Sender,
		http: &httpx.Client{
			BaseURL:   cfg.BaseURL,
			HTTP:      &http.Client{Timeout: 15 * time.Second},
			UserAgent: "marina-platform/1.0",
			Authorize: func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+cfg.APIKey) },
		},
	}
}

// Message is one outbound SMS.
type Message struct {
	To   string
	Body string
	// ClientReference lets the gateway recognise a resend of the same message.
	ClientReference string
}

type SendResult struct {
	MessageID string `json:"id"`
	Status    string `json:"status"`
	Segments  int    `json:"segments"`
}

type sendRequest struct {
	From            string `json:"from"`
	To              string `json:"to"`
	Body            string `json:"body"`
	ClientReference string `json:"client_reference,omitempty"`
	StatusCallback  bool   `json:"status_callback"`
}

// Send submits one message.
func (c *Client) Send(ctx context.Context, m Message) (*SendResult, error) {
	var out SendResult
	err := c.http.Post(ctx, "/messages", sendRequest{
		From:            c.sender,
		To:              m.To,
		Body:            m.Body,
		ClientReference: m.ClientReference,
		StatusCallback:  true,
	}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

type BroadcastResult struct {
	BatchID  string `json:"batch_id"`
	Accepted int    `json:"accepted"`
	Rejected int    `json:"rejected"`
}

type broadcastRequest struct {
	From string   `json:"from"`
	To   []string `json:"to"`
	Body string   `json:"body"`
}

// Broadcast sends body to every number in to.
func (c *Client) Broadcast(ctx context.Context, to []string, body string) (*BroadcastResult, error) {
	var out BroadcastResult
	if err := c.http.Post(ctx, "/broadcasts", broadcastRequest{From: c.sender, To: to, Body: body}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// DeliveryReport is the payload the gateway posts to our status callback.
type DeliveryReport struct {
	MessageID       string    `json:"id"`
	ClientReference string    `json:"client_reference"`
	Status          string    `json:"status"`
	ErrorCode       string    `json:"error_code"`
	Timestamp       time.Time `json:"timestamp"`
}
