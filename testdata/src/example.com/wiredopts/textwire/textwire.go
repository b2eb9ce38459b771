// Package textwire texts through a gateway that drops a repeat of a
// client_reference it has seen.
package textwire

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"

	"example.com/wiredopts/msgports"
)

// Client posts texts.
type Client struct {
	Base string
	HTTP *http.Client
}

type smsBody struct {
	To              string `json:"to"`
	Body            string `json:"body"`
	ClientReference string `json:"client_reference,omitempty"`
	Validity        int    `json:"validity_minutes,omitempty"`
}

type emailBody struct {
	To      string `json:"to"`
	Subject string `json:"subject"`
}

// SendEmail posts one mail, which the gateway sends every time.
func (c *Client) SendEmail(ctx context.Context, to, subject string) error {
	return c.post(ctx, "/email", emailBody{To: to, Subject: subject})
}

// SendSMS posts one text, with the options the caller gives.
func (c *Client) SendSMS(ctx context.Context, to, body string, opts ...msgports.SMSOption) error {
	var o msgports.SMSOptions
	for _, fn := range opts {
		fn(&o)
	}
	return c.post(ctx, "/sms", smsBody{To: to, Body: body, ClientReference: o.ClientReference, Validity: o.ValidityMinutes}) // want `a retry repeats the HTTP POST: the input sets no client_reference \(asynq handler Jobs.TextBare\)`
}

func (c *Client) post(ctx context.Context, path string, in any) error {
	b, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Base+path, bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type noteBody struct {
	To        string `json:"to"`
	Body      string `json:"body"`
	Reference string `json:"reference"`
}

// SendNote posts a note under the caller's reference, or the one its
// options give.
func (c *Client) SendNote(ctx context.Context, n msgports.Note, opts ...msgports.SMSOption) error {
	var o msgports.SMSOptions
	for _, fn := range opts {
		fn(&o)
	}
	ref := n.Ref
	if ref == "" {
		ref = o.ClientReference
	}
	return c.post(ctx, "/notes", noteBody{To: n.To, Body: n.Body, Reference: ref})
}

// SendTagged posts a note whose reference is a fixed tag, which keys
// nothing.
func (c *Client) SendTagged(ctx context.Context, n msgports.Note) error {
	return c.post(ctx, "/notes", noteBody{To: n.To, Body: n.Body, Reference: "tagged"}) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(asynq handler Jobs.Tagged\)`
}
