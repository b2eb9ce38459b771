// Package email is a client for MailRelay's v3 mail send API, which we use
// for regulatory notices and customer receipts. The API accepts a message and
// answers 202 with an X-Message-Id header. It has no idempotency key: every
// accepted call is delivered.
package email

import (
	"context"
	"errors"
	"net/http"

	"github.com/refundbridge/advance/internal/platform/httpx"
)

// Client sends transactional email.
type Client struct {
	api  *httpx.JSONClient
	from string
}

// New builds a client that sends from the given address.
func New(baseURL, apiKey, from string, hc httpx.Doer) *Client {
	return &Client{
		from: from,
		api: &httpx.JSONClient{
			Provider:  "mailrelay",
			BaseURL:   baseURL,
			HTTP:      hc,
			UserAgent: "refundbridge-advance/1.0",
			Authorize: func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+apiKey) },
		},
	}
}

// Message is one email.
type Message struct {
	To       string
	ToName   string
	Subject  string
	Text     string
	HTML     string
	Category string
	Args     map[string]string
}

type address struct {
	Email string `json:"email"`
	Name  string `json:"name,omitempty"`
}

type personalization struct {
	To []address `json:"to"`
}

type content struct {
	Type  string `json:"type"`
	Value string `json:"value"`
}

type sendRequest struct {
	Personalizations []personalization `json:"personalizations"`
	From             address           `json:"from"`
	Subject          string            `json:"subject"`
	Content          []content         `json:"content"`
	Categories       []string          `json:"categories,omitempty"`
	CustomArgs       map[string]string `json:"custom_args,omitempty"`
}

// Send submits a message and returns the provider's message id.
func (c *Client) Send(ctx context.Context, m Message) (string, error) {
	if m.To == "" {
		return "", errors.New("mailrelay: recipient required")
	}
	req := sendRequest{
		Personalizations: []personalization{{To: []address{{Email: m.To, Name: m.ToName}}}},
		From:             address{Email: c.from, Name: "RefundBridge"},
		Subject:          m.Subject,
		CustomArgs:       m.Args,
	}
	if m.Text != "" {
		req.Content = append(req.Content, content{Type: "text/plain", Value: m.Text})
	}
	if m.HTML != "" {
		req.Content = append(req.Content, content{Type: "text/html", Value: m.HTML})
	}
	if m.Category != "" {
		req.Categories = []string{m.Category}
	}
	hdr, err := c.api.Do(ctx, http.MethodPost, "/v3/mail/send", nil, req, nil)
	if err != nil {
		return "", err
	}
	return hdr.Get("X-Message-Id"), nil
}
