// Package messaging is the client for the Notifly SMS and e-mail API.
//
// Notifly deduplicates sends on client_reference for 24 hours: a repeated
// send with the same reference returns the original message ID and does
// not deliver again.
package messaging

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"

	"github.com/learnloop/tutoring/internal/config"
)

// SMSRequest is the body of POST /sms.
type SMSRequest struct {
	ClientReference string `json:"client_reference,omitempty"`
	To              string `json:"to"`
	Body            string `json:"body"`
	SenderID        string `json:"sender_id,omitempty"`
}

// EmailRequest is the body of POST /email.
type EmailRequest struct {
	ClientReference string            `json:"client_reference,omitempty"`
	To              string            `json:"to"`
	Template        string            `json:"template"`
	Variables       map[string]string `json:"variables,omitempty"`
	ReplyTo         string            `json:"reply_to,omitempty"`
}

// SendResult is returned by both send endpoints.
type SendResult struct {
	MessageID string `json:"message_id"`
	Duplicate bool   `json:"duplicate"`
}

// Sender is the sending half of the API.
type Sender interface {
	SendSMS(ctx context.Context, req SMSRequest) (SendResult, error)
	SendEmail(ctx context.Context, req EmailRequest) (SendResult, error)
}

// Client is the HTTP implementation of Sender.
type Client struct {
	baseURL       string
	apiKey        string
	webhookSecret string
	hc            *http.Client
}

// New builds a Client.
func New(cfg config.Config) *Client {
	return &Client{
		baseURL:       cfg.MessagingBaseURL,
		apiKey:        cfg.MessagingAPIKey,
		webhookSecret: cfg.MessagingWebhookSecret,
		hc:            &http.Client{Timeout: 10 * time.Second},
	}
}

func (c *Client) SendSMS(ctx context.Context, req SMSRequest) (SendResult, error) {
	var res SendResult
	err := c.post(ctx, "/sms", req, &res)
	return res, err
}

func (c *Client) SendEmail(ctx context.Context, req EmailRequest) (SendResult, error) {
	var res SendResult
	err := c.post(ctx, "/email", req, &res)
	return res, err
}

func (c *Client) post(ctx context.Context, path string, in, out any) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(body))
		if err != nil {
			return retry.Unrecoverable(err)
		}
		req.Header.Set("X-Api-Key", c.apiKey)
		req.Header.Set("Content-Type", "application/json")
		resp, err := c.hc.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		switch {
		case resp.StatusCode >= 500, resp.StatusCode == http.StatusTooManyRequests:
			return fmt.Errorf("notifly: %s: status %d", path, resp.StatusCode)
		case resp.StatusCode >= 300:
			return retry.Unrecoverable(fmt.Errorf("notifly: %s: status %d: %s", path, resp.StatusCode, b))
		}
		if err := json.Unmarshal(b, out); err != nil {
			return retry.Unrecoverable(err)
		}
		return nil
	}, retry.Context(ctx), retry.Attempts(4), retry.Delay(250*time.Millisecond), retry.LastErrorOnly(true))
}

// Receipt is a delivery status callback.
type Receipt struct {
	MessageID       string    `json:"message_id"`
	ClientReference string    `json:"client_reference"`
	Status          string    `json:"status"`
	ErrorCode       string    `json:"error_code"`
	Timestamp       time.Time `json:"timestamp"`
}

// VerifySignature checks the X-Notifly-Signature header.
func (c *Client) VerifySignature(body []byte, signature string) bool {
	mac := hmac.New(sha256.New, []byte(c.webhookSecret))
	mac.Write(body)
	return hmac.Equal([]byte(hex.EncodeToString(mac.Sum(nil))), []byte(signature))
}

// Logged decorates a Sender with structured logging.
type Logged struct {
	Next Sender
	Log  *slog.Logger
}

// NewLogged wraps next.
func NewLogged(next *Client, log *slog.Logger) *Logged { return &Logged{Next: next, Log: log} }

func (l *Logged) SendSMS(ctx context.Context, req SMSRequest) (SendResult, error) {
	res, err := l.Next.SendSMS(ctx, req)
	l.Log.InfoContext(ctx, "sms send", "ref", req.ClientReference, "message_id", res.MessageID, "duplicate", res.Duplicate, "err", err)
	return res, err
}

func (l *Logged) SendEmail(ctx context.Context, req EmailRequest) (SendResult, error) {
	res, err := l.Next.SendEmail(ctx, req)
	l.Log.InfoContext(ctx, "email send", "ref", req.ClientReference, "template", req.Template, "message_id", res.MessageID, "duplicate", res.Duplicate, "err", err)
	return res, err
}
