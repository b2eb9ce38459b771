// Package mailer sends templated transactional email through Postbox.
//
// Postbox has no idempotency support: every accepted POST /email/withTemplate
// is delivered, and a repeated call is a second email.
package mailer

import (
	"context"
	"net/http"
	"time"

	"github.com/vowhall/venues/internal/provider/httpx"
)

const provider = "postbox"

type Client struct {
	baseURL string
	token   string
	from    string
	http    *http.Client
}

func New(baseURL, token, from string) *Client {
	h := httpx.DefaultClient()
	h.Timeout = 10 * time.Second
	return &Client{baseURL: baseURL, token: token, from: from, http: h}
}

type Message struct {
	To            string         `json:"To"`
	TemplateAlias string         `json:"TemplateAlias"`
	Model         map[string]any `json:"TemplateModel"`
	Tag           string         `json:"Tag,omitempty"`
}

type sendRequest struct {
	From string `json:"From"`
	Message
	MessageStream string `json:"MessageStream"`
}

type sendResponse struct {
	MessageID string `json:"MessageID"`
	ErrorCode int    `json:"ErrorCode"`
	Message   string `json:"Message"`
}

// Send delivers one templated email and returns Postbox's message id.
func (c *Client) Send(ctx context.Context, m Message) (string, error) {
	body := sendRequest{From: c.from, Message: m, MessageStream: "outbound"}
	req, err := httpx.NewJSONRequest(ctx, http.MethodPost, c.baseURL+"/email/withTemplate", body)
	if err != nil {
		return "", err
	}
	req.Header.Set("X-Postbox-Server-Token", c.token)
	resp, err := httpx.Do[sendResponse](c.http, provider, req)
	if err != nil {
		return "", err
	}
	if resp.ErrorCode != 0 {
		return "", &httpx.APIError{Provider: provider, StatusCode: http.StatusUnprocessableEntity, Message: resp.Message}
	}
	return resp.MessageID, nil
}
