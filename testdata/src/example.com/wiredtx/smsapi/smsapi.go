// Package smsapi implements app.Texter over a gateway whose dedup key is
// the body's client_reference.
package smsapi

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"

	"example.com/wiredtx/app"
)

type Client struct{ URL string }

type submit struct {
	To              string `json:"to"`
	Text            string `json:"text"`
	ClientReference string `json:"client_reference,omitempty"`
}

func (c *Client) Send(ctx context.Context, t app.Text) error {
	body, err := json.Marshal(submit{To: t.To, Text: t.Body, ClientReference: t.Ref})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.URL+"/messages", bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req) // want `a retry repeats the HTTP POST: the input sets no client_reference \(HTTP handler TextHandler.Remind\)`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
