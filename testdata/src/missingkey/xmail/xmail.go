// Package xmail sends mail through xpost.
package xmail

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"

	"missingkey/xpost"
)

type message struct {
	To        string `json:"to"`
	MessageID string `json:"message_id"`
}

// Send posts a message under the caller's ID, which the mail API drops
// a repeated send by.
func Send(ctx context.Context, to, id string) error {
	return xpost.PostMessage(ctx, "https://mail.example/v1/messages", message{To: to, MessageID: id})
}

type query struct {
	Text string `json:"text"`
}

// Search posts a query to a search endpoint: a read.
func Search(ctx context.Context, text string) error {
	return xpost.PostMessage(ctx, "https://mail.example/v1/messages/search", query{Text: text})
}

// postTo posts a JSON body to the address it is given.
func postTo(ctx context.Context, url string, body any) error {
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(b))
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

// Lookup posts a query, with no key, to a search endpoint: a read.
func Lookup(ctx context.Context, text string) error {
	return postTo(ctx, "https://mail.example/v1/messages/search", query{Text: text})
}

// OrderSearch orders a records search, which the records office bills:
// a POST to its collection of searches makes one, with no key.
func OrderSearch(ctx context.Context, text string) error {
	return postTo(ctx, "https://records.example/v1/searches", query{Text: text})
}
