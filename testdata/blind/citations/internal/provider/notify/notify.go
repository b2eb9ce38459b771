// Package notify sends SMS and e-mail through the city's messaging gateway.
package notify

import (
	"context"
	"net/http"
	"time"

	"github.com/harborcity/citeproc/internal/provider/apiclient"
)

type Config struct {
	BaseURL  string
	APIKey   string
	SenderID string
	FromAddr string
}

type Client struct {
	api      *apiclient.Client
	senderID string
	fromAddr string
}

func New(cfg Config) *Client {
	return &Client{
		api:      apiclient.New("notify", cfg.BaseURL, 10*time.Second, apiclient.Bearer(cfg.APIKey)),
		senderID: cfg.SenderID,
		fromAddr: cfg.FromAddr,
	}
}

type sendResult struct {
	MessageID string `json:"message_id"`
}

// SendSMS sends a text message and returns the gateway's message ID.
func (c *Client) SendSMS(ctx context.Context, to, body string) (string, error) {
	var out sendResult
	err := c.api.Do(ctx, http.MethodPost, "/v1/sms", nil, map[string]string{
		"to": to, "from": c.senderID, "body": body,
	}, &out)
	return out.MessageID, err
}

// SendEmail sends a plain-text e-mail and returns the gateway's message ID.
func (c *Client) SendEmail(ctx context.Context, to, subject, body string) (string, error) {
	var out sendResult
	err := c.api.Do(ctx, http.MethodPost, "/v1/email", nil, map[string]string{
		"to": to, "from": c.fromAddr, "subject": subject, "text": body,
	}, &out)
	return out.MessageID, err
}
