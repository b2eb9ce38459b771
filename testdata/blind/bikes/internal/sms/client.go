// Package sms sends text messages through the TextRelay HTTP API.
//
// TextRelay drops a message whose client_ref matches one accepted in the
// previous 48 hours and answers with the original message id instead.
package sms

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
)

type Message struct {
	To        string
	Body      string
	ClientRef string
}

type Result struct {
	MessageID string
	Status    string
	Duplicate bool
}

// Sender is the subset of the client the services use.
type Sender interface {
	Send(ctx context.Context, msg Message) (*Result, error)
}

type Config struct {
	BaseURL string
	APIKey  string
	From    string
}

type Client struct {
	cfg  Config
	http *http.Client
}

func NewClient(cfg Config, hc *http.Client) *Client {
	return &Client{cfg: cfg, http: hc}
}

type sendRequest struct {
	To        string `json:"to"`
	From      string `json:"from"`
	Body      string `json:"body"`
	ClientRef string `json:"client_ref,omitempty"`
}

type sendResponse struct {
	ID        string `json:"id"`
	Status    string `json:"status"`
	Duplicate bool   `json:"duplicate"`
}

type APIError struct {
	Status int
	Body   string
}

func (e *APIError) Error() string {
	return fmt.Sprintf("sms: provider returned %d: %s", e.Status, e.Body)
}

func (c *Client) Send(ctx context.Context, msg Message) (*Result, error) {
	payload, err := json.Marshal(sendRequest{
		To:        msg.To,
		From:      c.cfg.From,
		Body:      msg.Body,
		ClientRef: msg.ClientRef,
	})
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.cfg.BaseURL+"/messages", bytes.NewReader(payload))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.cfg.APIKey)
	req.Header.Set("Content-Type", "application/json")

	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("sms: send: %w", err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 300 {
		return nil, &APIError{Status: resp.StatusCode, Body: string(body)}
	}
	var out sendResponse
	if err := json.Unmarshal(body, &out); err != nil {
		return nil, fmt.Errorf("sms: decode response: %w", err)
	}
	return &Result{MessageID: out.ID, Status: out.Status, Duplicate: out.Duplicate}, nil
}

var _ Sender = (*Client)(nil)
