// Package sms is the HTTP client for the TextHive SMS API.
package sms

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/forkandfeast/catering/internal/core/domain"
	"github.com/forkandfeast/catering/internal/core/ports"
)

// Client sends messages through TextHive.
//
// POST /messages accepts a "reference" field; TextHive drops a message whose
// reference it has already accepted in the previous 72 hours and returns the
// original message SID. POST /broadcasts sends one body to many recipients
// and takes no reference.
type Client struct {
	baseURL  string
	sid      string
	token    string
	senderID string
	http     *http.Client
}

func New(baseURL, sid, token, senderID string, timeout time.Duration) *Client {
	return &Client{
		baseURL:  strings.TrimRight(baseURL, "/"),
		sid:      sid,
		token:    token,
		senderID: senderID,
		http:     &http.Client{Timeout: timeout},
	}
}

type messageRequest struct {
	From      string `json:"from"`
	To        string `json:"to"`
	Body      string `json:"body"`
	Reference string `json:"reference,omitempty"`
	StatusCB  bool   `json:"status_callback"`
}

type messageResponse struct {
	SID    string `json:"sid"`
	Status string `json:"status"`
}

type broadcastRequest struct {
	From string   `json:"from"`
	To   []string `json:"to"`
	Body string   `json:"body"`
}

type broadcastResponse struct {
	BroadcastID string `json:"broadcast_id"`
	Accepted    int    `json:"accepted"`
}

func (c *Client) Send(ctx context.Context, msg ports.OutboundSMS, opts ...ports.CallOption) (string, error) {
	o := ports.ApplyCallOptions(opts)
	ref := msg.Reference
	if ref == "" {
		ref = o.IdempotencyKey
	}
	from := msg.SenderID
	if from == "" {
		from = c.senderID
	}
	var out messageResponse
	err := c.post(ctx, "/accounts/"+c.sid+"/messages", messageRequest{
		From: from, To: msg.To, Body: msg.Body, Reference: ref, StatusCB: true,
	}, &out)
	if err != nil {
		return "", err
	}
	return out.SID, nil
}

func (c *Client) Broadcast(ctx context.Context, to []string, body string) (string, error) {
	var out broadcastResponse
	if err := c.post(ctx, "/accounts/"+c.sid+"/broadcasts", broadcastRequest{From: c.senderID, To: to, Body: body}, &out); err != nil {
		return "", err
	}
	return out.BroadcastID, nil
}

func (c *Client) post(ctx context.Context, path string, in, out any) error {
	payload, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(payload))
	if err != nil {
		return err
	}
	req.SetBasicAuth(c.sid, c.token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("sms: %s: %w", path, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 300 {
		return fmt.Errorf("sms: %s: status %d: %s: %w", path, resp.StatusCode, bytes.TrimSpace(body), domain.ErrUpstream)
	}
	if out != nil {
		return json.Unmarshal(body, out)
	}
	return nil
}
