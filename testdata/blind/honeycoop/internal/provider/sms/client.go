// Package sms sends text messages to farmers and members through the SMS
// gateway.
package sms

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/amberfield-labs/honeycoop/internal/provider/httpx"
)

type Config struct {
	BaseURL  string
	Account  string
	Token    string
	SenderID string
	Timeout  time.Duration
}

type Client struct {
	cfg  Config
	http *http.Client
}

func New(cfg Config) *Client {
	return &Client{cfg: cfg, http: httpx.NewClient(cfg.Timeout)}
}

type sendResponse struct {
	SID string `json:"sid"`
}

// Send delivers one text message and returns the gateway's message SID.
func (c *Client) Send(ctx context.Context, to, text string) (string, error) {
	body, err := json.Marshal(map[string]string{"from": c.cfg.SenderID, "to": to, "body": text})
	if err != nil {
		return "", err
	}
	hdr := http.Header{}
	hdr.Set("Authorization", "Bearer "+c.cfg.Token)
	var out sendResponse
	_, err = httpx.Do(ctx, c.http, httpx.Request{
		Method:  http.MethodPost,
		URL:     strings.TrimRight(c.cfg.BaseURL, "/") + "/accounts/" + url.PathEscape(c.cfg.Account) + "/messages",
		Header:  hdr,
		Body:    body,
		Partner: "sms",
	}, &out)
	return out.SID, err
}
