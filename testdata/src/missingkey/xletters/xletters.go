// Package xletters is a mail house's client. It retries a letter only
// when the caller gives the reference the mail house drops a repeat by,
// and asks for evidence packages under the request key it is given.
package xletters

import (
	"context"
	"net/http"

	"github.com/avast/retry-go/v4"

	"missingkey/xapicall"
)

type sendOptions struct{ clientReference string }

// SendOption sets up one letter.
type SendOption func(*sendOptions)

// WithClientReference sets the reference the mail house drops a repeat
// by.
func WithClientReference(ref string) SendOption {
	return func(o *sendOptions) { o.clientReference = ref }
}

// Client sends letters.
type Client struct{ API *xapicall.Client }

// SendLetter mails a letter.
func (c *Client) SendLetter(ctx context.Context, to string, opts ...SendOption) error {
	var o sendOptions
	for _, opt := range opts {
		opt(&o)
	}
	body := struct {
		To              string `json:"to"`
		ClientReference string `json:"client_reference,omitempty"`
	}{To: to, ClientReference: o.clientReference}
	call := func() error {
		var out struct{}
		return c.API.Do(ctx, http.MethodPost, "/v1/letters", nil, body, &out)
	}
	if o.clientReference != "" {
		return retry.Do(call)
	}
	return call()
}

// RequestPackage asks for an evidence package under the caller's
// request key, which the vendor drops a repeat by.
func (c *Client) RequestPackage(ctx context.Context, event, requestKey string) error {
	body := map[string]string{"event_id": event, "request_key": requestKey}
	return retry.Do(func() error {
		var out struct{}
		return c.API.Do(ctx, http.MethodPost, "/v3/packages", nil, body, &out)
	})
}
