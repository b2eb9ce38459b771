// Package mail is the e-mail provider's client. The provider sends a
// message once per Idempotency-Key it is given.
package mail

import (
	"context"
	"net/http"

	"example.com/wiredprev/mailx"
	"example.com/wiredprev/retryx"
)

// Message is one e-mail; IdempotencyKey, when set, is sent as the
// request's Idempotency-Key header.
type Message struct {
	To, Subject    string
	IdempotencyKey string
}

// Client sends e-mail.
type Client struct {
	Base string
	HTTP mailx.Doer
}

// Send sends m, again while the provider fails.
func (c *Client) Send(ctx context.Context, m Message) error {
	body := struct {
		To      string `json:"to"`
		Subject string `json:"subject"`
	}{m.To, m.Subject}
	return retryx.Do(ctx, func() error {
		req, err := mailx.NewJSON(ctx, http.MethodPost, c.Base+"/messages", body)
		if err != nil {
			return err
		}
		if m.IdempotencyKey != "" {
			req.Header.Set("Idempotency-Key", m.IdempotencyKey)
		}
		return mailx.Send(c.HTTP, req) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler Handler.Welcome\)`
	})
}

// Notify sends m as a notification, to a path the maker joins to the
// client's base, and sets no key.
func (c *Client) Notify(ctx context.Context, m Message) error {
	body := struct {
		To      string `json:"to"`
		Subject string `json:"subject"`
	}{m.To, m.Subject}
	req, err := mailx.NewJSONAt(ctx, http.MethodPost, c.Base, "notifications", body)
	if err != nil {
		return err
	}
	resp, err := c.HTTP.Do(req) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler Handler.Reminder\)`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Digest sends m as a digest, through a request maker that is a method
// of a value of the shared package, and sets no key.
func (c *Client) Digest(ctx context.Context, m Message) error {
	body := struct {
		To string `json:"to"`
	}{m.To}
	req, err := mailx.Base{URL: c.Base}.NewJSON(ctx, http.MethodPost, "digests", body)
	if err != nil {
		return err
	}
	resp, err := c.HTTP.Do(req) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler Handler.Digest\)`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
