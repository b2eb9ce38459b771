// Package postbox sends transactional email through Postbox's REST API.
//
// Postbox has no request deduplication: each accepted POST /email is queued
// for delivery, so a repeated call sends the message again.
package postbox

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/ironvault/pawnline/internal/domain"
	"github.com/ironvault/pawnline/internal/providers/httpx"
)

type Client struct {
	baseURL string
	token   string
	from    string
	stream  string
	doer    httpx.Doer
}

type Option func(*Client)

func WithMessageStream(s string) Option { return func(c *Client) { c.stream = s } }

func WithDoer(d httpx.Doer) Option { return func(c *Client) { c.doer = d } }

func New(baseURL, token, from string, opts ...Option) *Client {
	c := &Client{
		baseURL: strings.TrimRight(baseURL, "/"),
		token:   token,
		from:    from,
		stream:  "outbound",
		doer:    httpx.DefaultClient(15 * time.Second),
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

type email struct {
	From          string `json:"From"`
	To            string `json:"To"`
	Subject       string `json:"Subject"`
	TextBody      string `json:"TextBody"`
	Tag           string `json:"Tag,omitempty"`
	MessageStream string `json:"MessageStream"`
}

type sendResponse struct {
	MessageID string `json:"MessageID"`
	ErrorCode int    `json:"ErrorCode"`
	Message   string `json:"Message"`
}

func (c *Client) Send(ctx context.Context, req domain.EmailRequest) (domain.EmailResult, error) {
	h := http.Header{}
	h.Set("X-Postbox-Server-Token", c.token)
	var out sendResponse
	if err := httpx.JSON(ctx, c.doer, http.MethodPost, c.baseURL+"/email", h, email{
		From:          c.from,
		To:            req.To,
		Subject:       req.Subject,
		TextBody:      req.TextBody,
		Tag:           req.Tag,
		MessageStream: c.stream,
	}, &out); err != nil {
		return domain.EmailResult{}, err
	}
	return domain.EmailResult{MessageID: out.MessageID}, nil
}
