// Package mailer sends email through a provider that deduplicates on the
// Idempotency-Key header, which it sends when the email carries a key.
package mailer

import (
	"bytes"
	"context"
	"net/http"
)

// An Email is one message.
type Email struct {
	To             string
	IdempotencyKey string
}

// Client sends email.
type Client struct{ HC *http.Client }

// Send posts the email, with its key when it has one.
func (c *Client) Send(ctx context.Context, e Email) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://mail.example/v1/emails", bytes.NewReader([]byte(e.To)))
	if err != nil {
		return err
	}
	if e.IdempotencyKey != "" {
		req.Header.Set("Idempotency-Key", e.IdempotencyKey)
	}
	resp, err := c.HC.Do(req) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler Handler.Confirm\)`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Remind posts a reminder, with its key when it has one.
func (c *Client) Remind(ctx context.Context, e Email) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://mail.example/v1/reminders", bytes.NewReader([]byte(e.To)))
	if err != nil {
		return err
	}
	if e.IdempotencyKey != "" {
		req.Header.Set("Idempotency-Key", e.IdempotencyKey)
	}
	resp, err := c.HC.Do(req) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler Handler.RemindAll\); set the Idempotency-Key header from the request's Idempotency-Key header`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
