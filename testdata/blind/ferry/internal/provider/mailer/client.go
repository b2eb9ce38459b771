// Package mailer sends transactional email through Postwick's HTTP API.
// Postwick has no idempotency support: every accepted POST /send is a new
// email in the recipient's inbox.
package mailer

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/northsound/ferrydesk/internal/platform/httpx"
)

// Email is one message.
type Email struct {
	To      string
	Subject string
	HTML    string
	Text    string
	Tags    []string
}

// Client sends email.
type Client struct {
	base   string
	apiKey string
	from   string
	doer   httpx.Doer
}

// New returns a client. It does not retry: a timed-out send may still have
// been delivered.
func New(baseURL, apiKey, from string) *Client {
	return &Client{base: baseURL, apiKey: apiKey, from: from, doer: httpx.DefaultClient(15 * time.Second)}
}

type sendRequest struct {
	From    string   `json:"from"`
	To      []string `json:"to"`
	Subject string   `json:"subject"`
	HTML    string   `json:"html_body"`
	Text    string   `json:"text_body,omitempty"`
	Tags    []string `json:"tags,omitempty"`
}

type sendResponse struct {
	MessageID string `json:"message_id"`
}

// Send delivers e and returns Postwick's message id.
func (c *Client) Send(ctx context.Context, e Email) (string, error) {
	h := http.Header{}
	h.Set("X-Postwick-Key", c.apiKey)
	req := sendRequest{From: c.from, To: []string{e.To}, Subject: e.Subject, HTML: e.HTML, Text: e.Text, Tags: e.Tags}
	var out sendResponse
	if err := httpx.JSON(ctx, c.doer, http.MethodPost, c.base+"/send", h, req, &out); err != nil {
		return "", fmt.Errorf("mailer: send %q: %w", e.Subject, err)
	}
	return out.MessageID, nil
}
