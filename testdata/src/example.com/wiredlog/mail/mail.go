// Package mail sends mail through a provider that returns each
// message's ID.
package mail

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
)

// Client sends mail.
type Client struct{ HTTP *http.Client }

// Send posts a message with no key: each call sends one.
func (c Client) Send(ctx context.Context, to string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://mail.example/send", strings.NewReader(to))
	if err != nil {
		return "", err
	}
	resp, err := c.HTTP.Do(req) // want `a crash after the HTTP request in mail.Client.Send and before its outcome is stored leaves no record of it, so the retry calls again: nothing is written before the call, and store.Log.Sent stores its outcome after it \(HTTP handler Service.Notify\)` `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler Service.Notify\)`
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var out struct{ ID string }
	err = json.NewDecoder(resp.Body).Decode(&out)
	return out.ID, err
}

// SendKeyed posts a message under the caller's key: a repeat returns
// the first message's ID.
func (c Client) SendKeyed(ctx context.Context, key, to string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://mail.example/send", strings.NewReader(to))
	if err != nil {
		return "", err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var out struct{ ID string }
	err = json.NewDecoder(resp.Body).Decode(&out)
	return out.ID, err
}
