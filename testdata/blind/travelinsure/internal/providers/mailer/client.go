// Package mailer is the client for Postbox, the transactional email API used
// for policy documents and statements.
//
// Postbox honours an Idempotency-Key header on POST /messages: a repeat with
// the same key within 24 hours returns the original message id and sends
// nothing.
package mailer

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/skyguard-travel/policyhub/internal/platform/httpx"
)

// Email is an outbound message.
type Email struct {
	To             string            `json:"to"`
	Subject        string            `json:"subject"`
	TextBody       string            `json:"text_body"`
	Template       string            `json:"template,omitempty"`
	Variables      map[string]string `json:"variables,omitempty"`
	IdempotencyKey string            `json:"-"`
}

// Sender sends transactional email.
type Sender interface {
	Send(ctx context.Context, e Email) (messageID string, err error)
}

type client struct {
	http    *retryablehttp.Client
	baseURL string
	token   string
	from    string
}

// New returns a Postbox Sender.
func New(baseURL, token, from string, log *slog.Logger) Sender {
	return &client{http: httpx.New(log), baseURL: baseURL, token: token, from: from}
}

func (c *client) Send(ctx context.Context, e Email) (string, error) {
	body := struct {
		From string `json:"from"`
		Email
	}{From: c.from, Email: e}
	var out struct {
		MessageID string `json:"message_id"`
	}
	if _, err := httpx.DoJSON(ctx, c.http, "postbox", httpx.Request{
		Method: http.MethodPost,
		URL:    c.baseURL + "/messages",
		Body:   body,
		Headers: map[string]string{
			"X-Postbox-Token": c.token,
			"Idempotency-Key": e.IdempotencyKey,
		},
	}, &out); err != nil {
		return "", err
	}
	return out.MessageID, nil
}
