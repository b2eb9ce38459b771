// Package smsgw is the client for the SMS aggregator used for traveller
// alerts (claim acknowledgements, flight disruption notices).
//
// The aggregator has no request de-duplication: every accepted POST
// /messages is a separate, billable SMS.
package smsgw

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/skyguard-travel/policyhub/internal/platform/httpx"
)

// Message is one SMS.
type Message struct {
	To   string `json:"to"`
	Body string `json:"body"`
}

// Sender sends SMS.
type Sender interface {
	Send(ctx context.Context, m Message) (messageID string, err error)
}

type client struct {
	http    *retryablehttp.Client
	baseURL string
	token   string
	sender  string
}

// New returns an SMS Sender. The transport does not retry: a request that
// timed out may still have been accepted, and the aggregator would send it
// again.
func New(baseURL, token, sender string, log *slog.Logger) Sender {
	c := httpx.New(log, httpx.WithRetryMax(0))
	return &client{http: c, baseURL: baseURL, token: token, sender: sender}
}

func (c *client) Send(ctx context.Context, m Message) (string, error) {
	var out struct {
		ID string `json:"id"`
	}
	body := map[string]string{"from": c.sender, "to": m.To, "text": m.Body}
	if _, err := httpx.DoJSON(ctx, c.http, "smsgw", httpx.Request{
		Method:  http.MethodPost,
		URL:     c.baseURL + "/messages",
		Body:    body,
		Headers: map[string]string{"Authorization": "Token " + c.token},
	}, &out); err != nil {
		return "", err
	}
	return out.ID, nil
}
