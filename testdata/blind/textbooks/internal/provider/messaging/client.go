// Package messaging sends transactional email and SMS through the campus
// messaging relay.
//
// Email requests may carry dedupe_id; the relay drops a second message with
// the same dedupe_id within 48h. SMS requests go straight to the carrier
// aggregator and are never deduplicated.
package messaging

import (
	"context"
	"time"

	"github.com/quirecampus/bookloop/internal/platform/jsonclient"
	"github.com/quirecampus/bookloop/internal/platform/retrypolicy"
)

type Client struct {
	api  *jsonclient.Client
	from string
}

func New(baseURL, apiKey string) *Client {
	return &Client{
		api: jsonclient.New(baseURL,
			jsonclient.WithHeader("X-Api-Key", apiKey),
			jsonclient.WithTimeout(10*time.Second),
		),
		from: "Bookloop <no-reply@bookloop.example.edu>",
	}
}

type Email struct {
	To       string            `json:"to"`
	From     string            `json:"from"`
	Template string            `json:"template"`
	Vars     map[string]string `json:"vars"`
	DedupeID string            `json:"dedupe_id,omitempty"`
}

type sendResult struct {
	MessageID string `json:"message_id"`
}

func (c *Client) SendEmail(ctx context.Context, e Email) (string, error) {
	if e.From == "" {
		e.From = c.from
	}
	res, err := retrypolicy.Call(ctx, func() (sendResult, error) {
		var out sendResult
		err := c.api.Do(ctx, "POST", "/v1/email", e, &out)
		return out, err
	})
	return res.MessageID, err
}

type SMS struct {
	To   string `json:"to"`
	Body string `json:"body"`
}

func (c *Client) SendSMS(ctx context.Context, m SMS) (string, error) {
	var out sendResult
	err := c.api.Do(ctx, "POST", "/v1/sms", m, &out)
	return out.MessageID, err
}
