// Package payrail is the client for PayRail, the bank-transfer service used
// to reimburse volunteer drivers' mileage.
package payrail

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"
)

type Client struct {
	base  string
	token string
	http  *http.Client
}

func New(baseURL, token string) *Client {
	return &Client{base: baseURL, token: token, http: &http.Client{Timeout: 30 * time.Second}}
}

type Transfer struct {
	AccountID   string `json:"destination_account"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
	Memo        string `json:"memo"`
}

type transferResponse struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// StatusError is a non-2xx answer from PayRail.
type StatusError struct {
	Code int
	Body string
}

func (e *StatusError) Error() string { return fmt.Sprintf("payrail: status %d: %s", e.Code, e.Body) }

// Transient reports whether err is worth retrying: network failures,
// timeouts, 429 and 5xx.
func Transient(err error) bool {
	var se *StatusError
	if errors.As(err, &se) {
		return se.Code == http.StatusTooManyRequests || se.Code >= 500
	}
	var ne net.Error
	return errors.As(err, &ne) || errors.Is(err, io.ErrUnexpectedEOF)
}

// SendTransfer creates and submits a transfer. It returns PayRail's id.
func (c *Client) SendTransfer(ctx context.Context, t Transfer) (string, error) {
	if t.Currency == "" {
		t.Currency = "USD"
	}
	body, err := json.Marshal(t)
	if err != nil {
		return "", err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/v1/transfers", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Authorization", "Token "+c.token)
	req.Header.Set("Content-Type", "application/json")

	resp, err := c.http.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<10))
		return "", &StatusError{Code: resp.StatusCode, Body: string(b)}
	}
	var out transferResponse
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return "", fmt.Errorf("payrail: decode: %w", err)
	}
	return out.ID, nil
}
