// Package xkeyfield is a client of an SMS gateway that drops a
// repeated client_ref: a send without one is missingkey's finding.
package xkeyfield

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
)

type Client struct {
	base string
	http *http.Client
}

type sendRequest struct {
	To        string `json:"to"`
	Body      string `json:"body"`
	ClientRef string `json:"client_ref,omitempty"`
}

// Send texts a number under the reference it is given, if any.
func (c *Client) Send(ctx context.Context, to, body, ref string) error {
	b, err := json.Marshal(sendRequest{To: to, Body: body, ClientRef: ref})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/v1/messages", bytes.NewReader(b))
	if err != nil {
		return err
	}
	_, err = c.http.Do(req)
	return err
}

// Remind posts a reminder with no reference: the gateway takes one.
func (c *Client) Remind(ctx context.Context, to string) error {
	b, err := json.Marshal(map[string]string{"to": to, "body": "reminder"})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/v1/messages", bytes.NewReader(b))
	if err != nil {
		return err
	}
	_, err = c.http.Do(req) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler Handler.Remind\)`
	return err
}

type Handler struct{ C *Client }

// Remind texts a reminder.
func (h Handler) Remind(w http.ResponseWriter, r *http.Request) {
	if err := h.C.Remind(r.Context(), r.FormValue("to")); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}
