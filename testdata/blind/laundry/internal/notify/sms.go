// Package notify holds the clients for outbound customer messaging.
package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// SMSClient talks to the SMS gateway. The gateway drops a message whose
// client_ref it has already accepted in the last 24 hours and answers with
// the original message id.
type SMSClient struct {
	baseURL string
	apiKey  string
	from    string
	http    *http.Client
}

func NewSMSClient(baseURL, apiKey, from string, timeout time.Duration) *SMSClient {
	return &SMSClient{
		baseURL: strings.TrimRight(baseURL, "/"),
		apiKey:  apiKey,
		from:    from,
		http:    &http.Client{Timeout: timeout},
	}
}

type SMS struct {
	To        string `json:"to"`
	From      string `json:"from"`
	Body      string `json:"body"`
	ClientRef string `json:"client_ref,omitempty"`
}

type SMSResult struct {
	MessageID string `json:"message_id"`
	Status    string `json:"status"`
}

func (c *SMSClient) Send(ctx context.Context, to, body, clientRef string) (*SMSResult, error) {
	msg := SMS{To: to, From: c.from, Body: body, ClientRef: clientRef}
	raw, err := json.Marshal(msg)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v2/messages", bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Key "+c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 300 {
		return nil, &HTTPError{Provider: "sms", Status: resp.StatusCode, Body: string(b)}
	}
	var out SMSResult
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

type HTTPError struct {
	Provider string
	Status   int
	Body     string
}

func (e *HTTPError) Error() string {
	return fmt.Sprintf("%s: status %d: %s", e.Provider, e.Status, strings.TrimSpace(e.Body))
}

func (e *HTTPError) Temporary() bool { return e.Status == 429 || e.Status >= 500 }
