// Package sms is the client for the SMS gateway. The gateway has no
// deduplication: every accepted POST is a text on someone's phone.
package sms

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/pooltrack/vanpool/internal/config"
	"github.com/pooltrack/vanpool/internal/platform/httpclient"
)

// Message is one outbound text.
type Message struct {
	To   string `json:"to"`
	Body string `json:"body"`
	Tag  string `json:"tag,omitempty"`
}

// Result is the gateway's acceptance of a message.
type Result struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
}

// Client sends texts.
type Client struct {
	http     *retryablehttp.Client
	baseURL  string
	apiKey   string
	senderID string
}

// NewClient builds an SMS client. Only dial failures are retried at the HTTP
// layer, since any request that reached the gateway may have been delivered.
func NewClient(cfg *config.Config, log *slog.Logger) *Client {
	return &Client{
		http: httpclient.New(log, httpclient.Options{
			Name:        "sms",
			Timeout:     cfg.SMS.Timeout,
			RetryMax:    2,
			RetryPolicy: httpclient.ConnectionErrorsOnly,
		}),
		baseURL:  cfg.SMS.BaseURL,
		apiKey:   cfg.SMS.APIKey,
		senderID: cfg.SMS.SenderID,
	}
}

// Send submits one message.
func (c *Client) Send(ctx context.Context, msg Message) (*Result, error) {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.apiKey)
	body := struct {
		Message
		From string `json:"from"`
	}{msg, c.senderID}
	var out Result
	err := httpclient.DoJSON(ctx, c.http, httpclient.Request{
		Provider: "sms",
		Method:   http.MethodPost,
		URL:      c.baseURL + "/v1/messages",
		Headers:  h,
		Body:     body,
	}, &out)
	if err != nil {
		return nil, err
	}
	return &out, nil
}
