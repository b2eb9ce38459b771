// Package mail is the client for Mailwave, the transactional email
// provider.
//
// Mailwave honours an Idempotency-Key header on POST /messages: a repeated
// key within 24 hours returns the original message id without sending.
package mail

import (
	"context"
	"net/http"

	"github.com/brightfund/crowdfund/internal/core/ports"
	"github.com/brightfund/crowdfund/internal/platform/apiclient"
	"github.com/brightfund/crowdfund/internal/platform/config"
)

type Client struct {
	api  *apiclient.Client
	from string
}

func New(cfg config.Config) *Client {
	return &Client{
		api: apiclient.New(cfg.MailBaseURL, cfg.HTTPTimeout, map[string]string{
			"Authorization": "Bearer " + cfg.MailAPIKey,
		}),
		from: cfg.MailFrom,
	}
}

type message struct {
	From          string            `json:"from"`
	To            []string          `json:"to"`
	Subject       string            `json:"subject"`
	TemplateAlias string            `json:"template_alias"`
	Model         map[string]string `json:"template_model"`
	Tags          []string          `json:"tags,omitempty"`
	Stream        string            `json:"message_stream"`
}

type sendResponse struct {
	MessageID string `json:"message_id"`
}

func (c *Client) Send(ctx context.Context, msg ports.Email, opts ...ports.CallOption) (string, error) {
	o := ports.ApplyCallOptions(opts)
	resp, err := apiclient.Do[sendResponse](ctx, c.api, http.MethodPost, "/messages", message{
		From:          c.from,
		To:            []string{msg.To},
		Subject:       msg.Subject,
		TemplateAlias: msg.Template,
		Model:         msg.Data,
		Tags:          msg.Tags,
		Stream:        "outbound",
	}, apiclient.Header("Idempotency-Key", o.IdempotencyKey))
	if err != nil {
		return "", err
	}
	return resp.MessageID, nil
}
