package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// SMSSender sends text messages via Textline. Textline has no request
// deduplication; every accepted POST is a delivered (and billed) message.
type SMSSender struct {
	baseURL string
	apiKey  string
	from    string
	http    *http.Client
}

func NewSMSSender(baseURL, apiKey, from string) *SMSSender {
	return &SMSSender{baseURL: baseURL, apiKey: apiKey, from: from, http: &http.Client{Timeout: 10 * time.Second}}
}

type SMS struct {
	To   string
	Body string
}

func (s *SMSSender) Send(ctx context.Context, m SMS) error {
	payload, _ := json.Marshal(map[string]string{"from": s.from, "to": m.To, "body": m.Body})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.baseURL+"/messages", bytes.NewReader(payload))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+s.apiKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := s.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusCreated && resp.StatusCode != http.StatusOK {
		return fmt.Errorf("textline: HTTP %d", resp.StatusCode)
	}
	return nil
}
