// Package sms sends text messages through the SMS gateway. The gateway has
// no request deduplication: every accepted POST /v2/messages is delivered.
package sms

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/pantloop/deposit/internal/httpx"
)

// Sender sends one text message and returns the gateway's message id.
type Sender interface {
	Send(ctx context.Context, to, text string) (string, error)
}

type Client struct {
	baseURL  string
	user     string
	password string
	from     string
	http     *http.Client
}

func NewClient(baseURL, user, password, from string) *Client {
	return &Client{
		baseURL:  baseURL,
		user:     user,
		password: password,
		from:     from,
		http:     &http.Client{Timeout: 10 * time.Second},
	}
}

type sendRequest struct {
	From string `json:"from"`
	To   string `json:"to"`
	Text string `json:"text"`
}

type sendResponse struct {
	MessageID string `json:"message_id"`
	Parts     int    `json:"parts"`
}

func (c *Client) Send(ctx context.Context, to, text string) (string, error) {
	h := http.Header{}
	req, _ := http.NewRequest(http.MethodPost, c.baseURL, nil)
	req.SetBasicAuth(c.user, c.password)
	h.Set("Authorization", req.Header.Get("Authorization"))

	var out sendResponse
	if err := httpx.Do(ctx, c.http, httpx.Request{
		Method: http.MethodPost,
		URL:    c.baseURL + "/v2/messages",
		Header: h,
		Body:   sendRequest{From: c.from, To: to, Text: text},
	}, &out); err != nil {
		return "", fmt.Errorf("sms: send: %w", err)
	}
	return out.MessageID, nil
}

// Quiet suppresses sends during night hours (local time) and returns an
// empty id for suppressed messages.
type Quiet struct {
	Next       Sender
	Loc        *time.Location
	Start, End int // hours, e.g. 22 and 7
	Now        func() time.Time
}

func (q Quiet) Send(ctx context.Context, to, text string) (string, error) {
	now := time.Now
	if q.Now != nil {
		now = q.Now
	}
	h := now().In(q.Loc).Hour()
	if q.Start > q.End && (h >= q.Start || h < q.End) {
		return "", nil
	}
	return q.Next.Send(ctx, to, text)
}
