// Package mailer sends transactional email through the email provider's
// template API. The provider has no request deduplication: every accepted
// POST is delivered.
package mailer

import (
	"context"
	"net/http"

	"github.com/northvault/custody/internal/config"
	"github.com/northvault/custody/internal/platform/apiclient"
	"github.com/northvault/custody/internal/ports"
)

type Client struct {
	api  *apiclient.Client
	from string
}

func New(cfg config.Config) (*Client, error) {
	api, err := apiclient.New("mailer", cfg.Mailer.BaseURL, cfg.Mailer.Timeout,
		apiclient.WithAuth(apiclient.BearerToken(cfg.Mailer.APIKey)),
	)
	if err != nil {
		return nil, err
	}
	return &Client{api: api, from: "no-reply@northvault.example"}, nil
}

type sendBody struct {
	From       string         `json:"from"`
	To         string         `json:"to"`
	TemplateID string         `json:"template_id"`
	Subject    string         `json:"subject,omitempty"`
	Data       map[string]any `json:"dynamic_template_data,omitempty"`
}

func (c *Client) Send(ctx context.Context, e ports.Email) (string, error) {
	var out struct {
		MessageID string `json:"message_id"`
	}
	r := apiclient.NewRequest(http.MethodPost, "/v3/mail/send", apiclient.JSON(sendBody{
		From:       c.from,
		To:         e.To,
		TemplateID: e.Template,
		Subject:    e.Subject,
		Data:       e.Data,
	}))
	if err := c.api.Do(ctx, r, &out); err != nil {
		return "", err
	}
	return out.MessageID, nil
}

var _ ports.Mailer = (*Client)(nil)
