// Package email sends transactional e-mail through Mailgrid.
//
// Mailgrid has no idempotency mechanism: every accepted POST is delivered.
// A message may carry a caller reference, and GET /v1/messages?reference=
// finds messages already accepted with that reference.
package email

import (
	"context"
	"net/http"
	"net/url"
	"time"

	"github.com/carelink/telehealth/internal/platform/httpx"
	"github.com/carelink/telehealth/internal/platform/retry"
)

// Email is one outbound message.
type Email struct {
	To        string
	Subject   string
	Text      string
	HTML      string
	Reference string
	Tags      []string
}

// Mailer is implemented by Client.
type Mailer interface {
	Send(ctx context.Context, e Email) (string, error)
	FindByReference(ctx context.Context, ref string) (string, bool, error)
}

// Client is the Mailgrid HTTP client.
type Client struct {
	base, apiKey, from string
	hc                 *http.Client
	policy             retry.Policy
}

func NewClient(base, apiKey, from string, policy retry.Policy) *Client {
	return &Client{base: base, apiKey: apiKey, from: from, hc: httpx.NewClient(10 * time.Second), policy: policy}
}

func (c *Client) auth() http.Header {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.apiKey)
	return h
}

// Send submits e and returns Mailgrid's message ID.
func (c *Client) Send(ctx context.Context, e Email) (string, error) {
	body := map[string]any{
		"from": c.from, "to": []string{e.To}, "subject": e.Subject,
		"text": e.Text, "html": e.HTML, "tags": e.Tags,
	}
	if e.Reference != "" {
		body["reference"] = e.Reference
	}
	var out struct {
		ID string `json:"id"`
	}
	err := httpx.DoJSON(ctx, c.hc, httpx.Call{
		Provider: "mailgrid", Method: http.MethodPost, URL: c.base + "/v1/messages",
		Header: c.auth(), Body: body, Out: &out,
	})
	return out.ID, err
}

// FindByReference looks up a message previously accepted with ref.
func (c *Client) FindByReference(ctx context.Context, ref string) (string, bool, error) {
	var out struct {
		Data []struct {
			ID string `json:"id"`
		} `json:"data"`
	}
	err := retry.Do(ctx, c.policy, func() error {
		return httpx.DoJSON(ctx, c.hc, httpx.Call{
			Provider: "mailgrid", Method: http.MethodGet,
			URL:    c.base + "/v1/messages?reference=" + url.QueryEscape(ref),
			Header: c.auth(), Out: &out,
		})
	})
	if err != nil || len(out.Data) == 0 {
		return "", false, err
	}
	return out.Data[0].ID, true, nil
}
