// Package xnokey is a client of an SMS gateway and a webhook sender,
// neither of whose receivers drops a repeated request: nothing in the
// package names a key, so the gateway takes none.
package xnokey

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
	To   string `json:"to"`
	Body string `json:"body"`
}

// sendResponse is the gateway's answer: its message_id is the
// gateway's own, not a key the client sends.
type sendResponse struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
}

// Send texts a number: the gateway has no key to send.
func (c *Client) Send(ctx context.Context, to, body string) (string, error) {
	b, err := json.Marshal(sendRequest{To: to, Body: body})
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/v1/messages", bytes.NewReader(b))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var out sendResponse
	err = json.NewDecoder(resp.Body).Decode(&out)
	return out.MessageID, err
}

// Notify posts an event to a subscriber's URL, taken whole from data:
// its receivers can drop a repeat only by a delivery ID the sender
// sends, and this one sends none.
func (c *Client) Notify(ctx context.Context, url string, event []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(event))
	if err != nil {
		return err
	}
	_, err = c.http.Do(req) // want `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler Handler.Hook\)`
	return err
}

type Handler struct{ C *Client }

// Text is a handler that texts the number it is given: not reported.
func (h Handler) Text(w http.ResponseWriter, r *http.Request) {
	if _, err := h.C.Send(r.Context(), r.FormValue("to"), "hello"); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

// Hook forwards the request's body to the subscriber's URL.
func (h Handler) Hook(w http.ResponseWriter, r *http.Request) {
	var buf bytes.Buffer
	buf.ReadFrom(r.Body)
	if err := h.C.Notify(r.Context(), r.FormValue("url"), buf.Bytes()); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}
