// Package messaging sends SMS and email through the club's messaging
// provider (ClubComms). The provider has no request deduplication: every
// accepted POST is delivered.
package messaging

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/fairwaylinks/teetimes/internal/config"
)

// Module provides the Notifier.
var Module = fx.Module("messaging",
	fx.Provide(
		fx.Annotate(NewClient, fx.As(new(Notifier))),
	),
)

// Email is an outbound email.
type Email struct {
	To       string
	Subject  string
	HTML     string
	Text     string
	Tags     []string
	ReplyTo  string
	Template string
	Vars     map[string]string
}

// Notifier delivers messages to members, visitors and contractors.
type Notifier interface {
	SendSMS(ctx context.Context, to, body string) error
	SendEmail(ctx context.Context, msg Email) error
}

// Client talks to the ClubComms REST API.
type Client struct {
	baseURL string
	apiKey  string
	sender  string
	http    *http.Client
	log     *zap.Logger
}

// NewClient builds a ClubComms client.
func NewClient(cfg *config.Config, log *zap.Logger) *Client {
	return &Client{
		baseURL: cfg.MessagingBaseURL,
		apiKey:  cfg.MessagingAPIKey,
		sender:  cfg.MessagingSender,
		http:    &http.Client{Timeout: 10 * time.Second},
		log:     log.Named("messaging"),
	}
}

type smsRequest struct {
	From string `json:"from"`
	To   string `json:"to"`
	Body string `json:"body"`
}

type emailRequest struct {
	From     string            `json:"from"`
	To       string            `json:"to"`
	ReplyTo  string            `json:"reply_to,omitempty"`
	Subject  string            `json:"subject"`
	HTML     string            `json:"html,omitempty"`
	Text     string            `json:"text,omitempty"`
	Template string            `json:"template,omitempty"`
	Vars     map[string]string `json:"vars,omitempty"`
	Tags     []string          `json:"tags,omitempty"`
}

// SendSMS sends a text message.
func (c *Client) SendSMS(ctx context.Context, to, body string) error {
	return c.post(ctx, "/v2/sms", smsRequest{From: c.sender, To: to, Body: body})
}

// SendEmail sends an email.
func (c *Client) SendEmail(ctx context.Context, msg Email) error {
	return c.post(ctx, "/v2/email", emailRequest{
		From:     "bookings@fairwaylinks.golf",
		To:       msg.To,
		ReplyTo:  msg.ReplyTo,
		Subject:  msg.Subject,
		HTML:     msg.HTML,
		Text:     msg.Text,
		Template: msg.Template,
		Vars:     msg.Vars,
		Tags:     msg.Tags,
	})
}

type statusError struct {
	code int
	body string
}

func (e *statusError) Error() string {
	return fmt.Sprintf("messaging: provider returned %d: %s", e.code, e.body)
}

func (c *Client) post(ctx context.Context, path string, payload any) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	return retry.Do(
		func() error {
			req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(body))
			if err != nil {
				return retry.Unrecoverable(err)
			}
			req.Header.Set("Authorization", "Bearer "+c.apiKey)
			req.Header.Set("Content-Type", "application/json")
			resp, err := c.http.Do(req)
			if err != nil {
				return err
			}
			defer resp.Body.Close()
			if resp.StatusCode >= 300 {
				b, _ := io.ReadAll(io.LimitReader(resp.Body, 2048))
				return &statusError{code: resp.StatusCode, body: string(b)}
			}
			return nil
		},
		retry.Context(ctx),
		retry.Attempts(3),
		retry.Delay(300*time.Millisecond),
		retry.RetryIf(func(err error) bool {
			var se *statusError
			if errors.As(err, &se) {
				return se.code == http.StatusTooManyRequests || se.code >= 500
			}
			return true
		}),
		retry.LastErrorOnly(true),
	)
}
