// Package sms is a minimal client for the TextRelay SMS API.
//
// TextRelay de-duplicates sends that carry the same client_reference within
// 72 hours and returns the original message instead of sending again.
package sms

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

type Sender interface {
	Send(ctx context.Context, msg Message) (*Receipt, error)
}

type Message struct {
	To        string `json:"to"`
	Body      string `json:"body"`
	Reference string `json:"client_reference,omitempty"`
}

type Receipt struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
	Duplicate bool   `json:"duplicate"`
}

type Client struct {
	baseURL string
	apiKey  string
	from    string
	http    *http.Client
}

func NewClient(baseURL, apiKey, from string) *Client {
	return &Client{
		baseURL: strings.TrimRight(baseURL, "/"),
		apiKey:  apiKey,
		from:    from,
		http:    &http.Client{Timeout: 15 * time.Second},
	}
}

type sendRequest struct {
	From string `json:"from"`
	Message
}

func (c *Client) Send(ctx context.Context, msg Message) (*Receipt, error) {
	body, err := json.Marshal(sendRequest{From: c.from, Message: msg})
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/messages", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")

	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("sms: send: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 300 {
		return nil, &APIError{Status: resp.StatusCode, Body: string(raw)}
	}
	var r Receipt
	if err := json.Unmarshal(raw, &r); err != nil {
		return nil, fmt.Errorf("sms: decode receipt: %w", err)
	}
	return &r, nil
}

type APIError struct {
	Status int
	Body   string
}

func (e *APIError) Error() string {
	return "sms: provider returned " + strconv.Itoa(e.Status) + ": " + e.Body
}

// Temporary reports whether the send can be retried.
func (e *APIError) Temporary() bool { return e.Status == 429 || e.Status >= 500 }

// Ref builds a client_reference for ad-hoc notifications that have no row of
// their own. References must be unique per message and at most 64 chars.
func Ref(kind, subject string) string {
	r := kind + "-" + subject + "-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	if len(r) > 64 {
		r = r[len(r)-64:]
	}
	return r
}
