package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// SMS is an outbound text message. ClientReference is the gateway's
// de-duplication key: a second submission with the same reference within 24h
// returns the original message id instead of sending again.
type SMS struct {
	To              string `json:"to"`
	Body            string `json:"body"`
	ClientReference string `json:"client_reference,omitempty"`
}

// SMSSender sends text messages.
type SMSSender interface {
	SendSMS(ctx context.Context, msg SMS) (messageID string, err error)
}

// SMSGateway is the HTTP client for the SMS aggregator.
type SMSGateway struct {
	baseURL string
	apiKey  string
	hc      *retryablehttp.Client
}

func NewSMSGateway(baseURL, apiKey string) *SMSGateway {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 4
	rc.RetryWaitMin = 250 * time.Millisecond
	rc.RetryWaitMax = 5 * time.Second
	rc.Logger = nil
	rc.HTTPClient.Timeout = 10 * time.Second
	return &SMSGateway{baseURL: baseURL, apiKey: apiKey, hc: rc}
}

func (g *SMSGateway) SendSMS(ctx context.Context, msg SMS) (string, error) {
	payload, err := json.Marshal(msg)
	if err != nil {
		return "", err
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, g.baseURL+"/messages", bytes.NewReader(payload))
	if err != nil {
		return "", err
	}
	req.Header.Set("Authorization", "Key "+g.apiKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := g.hc.Do(req)
	if err != nil {
		return "", fmt.Errorf("sms gateway: %w", err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
	if resp.StatusCode >= 300 {
		return "", fmt.Errorf("sms gateway: status %d: %s", resp.StatusCode, body)
	}
	var out struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(body, &out); err != nil {
		return "", err
	}
	return out.ID, nil
}
