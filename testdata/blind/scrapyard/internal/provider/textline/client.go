// Package textline sends SMS through Textline's REST API. Textline has no
// idempotency mechanism: every POST /v1/messages sends a text.
package textline

import (
	"context"
	"net/http"

	"github.com/ironbridge-metals/yardops/internal/provider/httpjson"
)

type Client struct {
	http *httpjson.Client
	from string
}

func New(baseURL, token, from string, opts ...httpjson.Option) *Client {
	opts = append([]httpjson.Option{httpjson.WithAuth(httpjson.Bearer(token))}, opts...)
	return &Client{http: httpjson.New("textline", baseURL, opts...), from: from}
}

type sendRequest struct {
	From string `json:"from"`
	To   string `json:"to"`
	Body string `json:"body"`
}

type sendResponse struct {
	SID string `json:"sid"`
}

// Send delivers body to the phone number to and returns Textline's message id.
func (c *Client) Send(ctx context.Context, to, body string) (string, error) {
	var out sendResponse
	_, err := c.http.Do(ctx, http.MethodPost, "/v1/messages", nil, sendRequest{From: c.from, To: to, Body: body}, &out)
	return out.SID, err
}
