// Package pager sends SMS pages to pilots through the SMS gateway.
//
// The gateway drops a message whose client_reference it has already
// accepted in the last 24 hours and answers with the original message id.
package pager

import (
	"context"
	"net/http"
	"time"

	"github.com/harbourline-systems/pilotage/internal/config"
	"github.com/harbourline-systems/pilotage/internal/httpx"
)

type Message struct {
	To              string `json:"to"`
	Text            string `json:"text"`
	Sender          string `json:"sender,omitempty"`
	ClientReference string `json:"client_reference,omitempty"`
	Priority        string `json:"priority,omitempty"`
}

type Receipt struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
}

type Client struct {
	http   httpx.Doer
	url    string
	apiKey string
	sender string
}

func NewClient(cfg config.Config) *Client {
	return &Client{
		http:   &http.Client{Timeout: 10 * time.Second},
		url:    cfg.Pager.BaseURL + "/v1/messages",
		apiKey: cfg.Pager.APIKey,
		sender: cfg.Pager.SenderID,
	}
}

func (c *Client) Send(ctx context.Context, m Message) (Receipt, error) {
	if m.Sender == "" {
		m.Sender = c.sender
	}
	h := http.Header{}
	h.Set("X-Api-Key", c.apiKey)
	var r Receipt
	err := httpx.PostJSON(ctx, c.http, c.url, h, m, &r)
	return r, err
}
