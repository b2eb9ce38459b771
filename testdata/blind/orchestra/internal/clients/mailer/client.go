// Package mailer is the client for Relaymail, the transactional email
// provider the orchestra uses for confirmations, reminders and receipts.
//
// Relaymail deduplicates on the RFC 5322 Message-ID header: a send whose
// Message-ID it has already accepted in the last 72 hours is acknowledged
// with the original message's id and is not delivered again. Callers choose
// the Message-ID; the client only checks that one is present.
package mailer

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/harborlight-symphony/encore/internal/platform/httpx"
	"github.com/harborlight-symphony/encore/internal/platform/retry"
)

// Message is one outgoing email rendered from a Relaymail template.
type Message struct {
	MessageID string
	To        string
	ToName    string
	Template  string
	Subject   string
	Variables map[string]any
	Tags      []string
}

// Receipt is what Relaymail returns for an accepted message.
type Receipt struct {
	ProviderID string `json:"id"`
	Duplicate  bool   `json:"duplicate"`
}

// Client talks to the Relaymail REST API.
type Client struct {
	baseURL string
	apiKey  string
	from    string
	http    httpx.Doer
}

// New builds a Client. Sends are retried on 5xx because Relaymail will
// collapse repeats that share a Message-ID.
func New(baseURL, apiKey, from string, hc *http.Client) *Client {
	return &Client{
		baseURL: strings.TrimRight(baseURL, "/"),
		apiKey:  apiKey,
		from:    from,
		http:    httpx.Retrying(hc, "Message-ID", retry.Default),
	}
}

type sendBody struct {
	From      string            `json:"from"`
	To        []recipient       `json:"to"`
	Subject   string            `json:"subject,omitempty"`
	Template  string            `json:"template"`
	Variables map[string]any    `json:"variables,omitempty"`
	Tags      []string          `json:"tags,omitempty"`
	Headers   map[string]string `json:"headers"`
}

type recipient struct {
	Email string `json:"email"`
	Name  string `json:"name,omitempty"`
}

// Send submits a message. MessageID must be a bracketed RFC 5322 id such
// as "<abc@mail.example.org>".
func (c *Client) Send(ctx context.Context, m Message) (*Receipt, error) {
	if m.MessageID == "" {
		return nil, errors.New("mailer: MessageID is required")
	}
	if !strings.HasPrefix(m.MessageID, "<") || !strings.HasSuffix(m.MessageID, ">") {
		return nil, fmt.Errorf("mailer: malformed Message-ID %q", m.MessageID)
	}
	body := sendBody{
		From:      c.from,
		To:        []recipient{{Email: m.To, Name: m.ToName}},
		Subject:   m.Subject,
		Template:  m.Template,
		Variables: m.Variables,
		Tags:      m.Tags,
		Headers:   map[string]string{"Message-ID": m.MessageID},
	}
	var rec Receipt
	err := httpx.JSON(ctx, c.http, http.MethodPost, c.baseURL+"/v3/messages", body, &rec,
		httpx.WithHeader("Authorization", "Bearer "+c.apiKey),
		httpx.WithHeader("Message-ID", m.MessageID),
	)
	if err != nil {
		return nil, fmt.Errorf("mailer: send %s: %w", m.Template, err)
	}
	return &rec, nil
}

// MessageID formats a Message-ID in the orchestra's mail domain.
func MessageID(local, domain string) string {
	return "<" + local + "@" + domain + ">"
}
