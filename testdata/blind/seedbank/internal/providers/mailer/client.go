// Package mailer is the client for Postmoss, the transactional email
// provider.
package mailer

import (
	"context"
	"net/http"
	"time"

	"github.com/furrowline/seedbank/internal/providers/apiclient"
)

type Client struct {
	api *apiclient.Client
}

func New(baseURL, apiKey string, timeout time.Duration) *Client {
	return &Client{api: apiclient.New(baseURL, timeout, apiclient.HeaderAuth("X-Postmoss-Token", apiKey))}
}

// Message is one templated email. When DedupID is set Postmoss drops any
// further message with the same id for 48 hours and returns the first
// message's id.
type Message struct {
	From       string         `json:"from"`
	To         string         `json:"to"`
	TemplateID string         `json:"template_id"`
	Variables  map[string]any `json:"variables,omitempty"`
	Tags       []string       `json:"tags,omitempty"`
	DedupID    string         `json:"dedup_id,omitempty"`
}

// Receipt is Postmoss's acceptance of a message.
type Receipt struct {
	MessageID string `json:"message_id"`
	Queued    bool   `json:"queued"`
}

// Send hands one message to Postmoss.
func (c *Client) Send(ctx context.Context, m Message) (*Receipt, error) {
	var out Receipt
	if err := c.api.Do(ctx, http.MethodPost, "/v1/messages", m, &out, nil); err != nil {
		return nil, err
	}
	return &out, nil
}
