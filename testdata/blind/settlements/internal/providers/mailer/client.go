// Package mailer sends transactional email through the SendPost API. SendPost
// has no request de-duplication: every accepted POST /email is delivered.
package mailer

import (
	"bytes"
	"context"
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/trustwell/settlements/internal/config"
)

// Client sends email.
type Client struct {
	http         *retryablehttp.Client
	baseURL      string
	token        string
	stream       string
	webhookToken string
}

// New builds a Client from configuration.
func New(cfg config.MailerConfig) *Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 2
	rc.HTTPClient.Timeout = cfg.Timeout
	rc.Logger = nil
	return &Client{
		http:         rc,
		baseURL:      strings.TrimRight(cfg.BaseURL, "/"),
		token:        cfg.ServerToken,
		stream:       cfg.MessageStream,
		webhookToken: cfg.WebhookToken,
	}
}

// Message is one email.
type Message struct {
	From     string            `json:"From"`
	To       string            `json:"To"`
	Subject  string            `json:"Subject"`
	TextBody string            `json:"TextBody"`
	HTMLBody string            `json:"HtmlBody,omitempty"`
	Tag      string            `json:"Tag,omitempty"`
	Metadata map[string]string `json:"Metadata,omitempty"`
	Stream   string            `json:"MessageStream"`
}

type sendResponse struct {
	To          string    `json:"To"`
	SubmittedAt time.Time `json:"SubmittedAt"`
	MessageID   string    `json:"MessageID"`
	ErrorCode   int       `json:"ErrorCode"`
	Message     string    `json:"Message"`
}

// SendError is a rejected send; the message was not accepted.
type SendError struct {
	Status int
	Code   int
	Reason string
}

func (e *SendError) Error() string {
	return fmt.Sprintf("mailer: rejected (%d/%d): %s", e.Status, e.Code, e.Reason)
}

// Send submits a message and returns the provider's message id.
func (c *Client) Send(ctx context.Context, m Message) (string, error) {
	if m.Stream == "" {
		m.Stream = c.stream
	}
	buf, err := json.Marshal(m)
	if err != nil {
		return "", err
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/email", bytes.NewReader(buf))
	if err != nil {
		return "", err
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Server-Token", c.token)
	resp, err := c.http.Do(req)
	if err != nil {
		return "", fmt.Errorf("mailer: send: %w", err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
	var out sendResponse
	_ = json.Unmarshal(data, &out)
	if resp.StatusCode != http.StatusOK || out.ErrorCode != 0 {
		return "", &SendError{Status: resp.StatusCode, Code: out.ErrorCode, Reason: out.Message}
	}
	return out.MessageID, nil
}

// BounceEvent is a delivery-status webhook.
type BounceEvent struct {
	RecordType  string `json:"RecordType"`
	ID          int64  `json:"ID"`
	MessageID   string `json:"MessageID"`
	Type        string `json:"Type"`
	Description string `json:"Description"`
	Email       string `json:"Email"`
}

// EventID returns a stable id for the delivery.
func (b *BounceEvent) EventID() string { return fmt.Sprintf("%s-%d", b.RecordType, b.ID) }

// AuthorizeWebhook checks the shared token SendPost sends with webhooks.
func (c *Client) AuthorizeWebhook(token string) bool {
	return c.webhookToken != "" && subtle.ConstantTimeCompare([]byte(token), []byte(c.webhookToken)) == 1
}
