// Package bank is the client for the exchange's clearing bank API.
package bank

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"

	"github.com/halyard/funding/internal/platform/ids"
	"github.com/halyard/funding/internal/platform/retry"
)

// RequestIDHeader is the bank's deduplication header on mutating calls.
const RequestIDHeader = "X-Request-Id"

// Config configures the client.
type Config struct {
	BaseURL      string
	ClientID     string
	ClientSecret string
	Timeout      time.Duration
}

// Client calls the bank.
type Client struct {
	http   *http.Client
	base   string
	id     string
	secret string
	policy retry.Policy
}

// Error is a non-2xx bank response.
type Error struct {
	Status int
	Code   string `json:"error_code"`
	Detail string `json:"error_description"`
}

func (e *Error) Error() string { return fmt.Sprintf("bank: %d %s %s", e.Status, e.Code, e.Detail) }

// New returns a client.
func New(cfg Config) *Client {
	timeout := cfg.Timeout
	if timeout == 0 {
		timeout = 15 * time.Second
	}
	return &Client{
		http:   &http.Client{Timeout: timeout},
		base:   cfg.BaseURL,
		id:     cfg.ClientID,
		secret: cfg.ClientSecret,
		policy: retry.Default,
	}
}

// CreatePayout sends a SEPA/FPS payout.
func (c *Client) CreatePayout(ctx context.Context, req PayoutRequest) (*Payout, error) {
	if req.RequestID == "" {
		return nil, errors.New("bank: payout requires a request id")
	}
	var out Payout
	if err := c.send(ctx, http.MethodPost, "/v2/payouts", req.RequestID, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// CreateTransfer moves funds between two of our accounts.
func (c *Client) CreateTransfer(ctx context.Context, req TransferRequest) (*Transfer, error) {
	if req.RequestID == "" {
		return nil, errors.New("bank: transfer requires a request id")
	}
	var out Transfer
	if err := c.send(ctx, http.MethodPost, "/v2/internal-transfers", req.RequestID, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Statement returns the booked lines for one day.
func (c *Client) Statement(ctx context.Context, account string, day time.Time) (*Statement, error) {
	path := "/v2/accounts/" + url.PathEscape(account) + "/statements?date=" + day.Format("2006-01-02")
	var out Statement
	if err := c.send(ctx, http.MethodGet, path, ids.RequestID(), nil, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) send(ctx context.Context, method, path, requestID string, body, out any) error {
	var payload []byte
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		payload = b
	}
	return retry.Do(ctx, c.policy, func() error {
		req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(payload))
		if err != nil {
			return retry.Permanent(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set(RequestIDHeader, requestID)
		req.SetBasicAuth(c.id, c.secret)
		resp, err := c.http.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		data, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
		if err != nil {
			return err
		}
		if resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests {
			return &Error{Status: resp.StatusCode}
		}
		if resp.StatusCode >= 300 {
			e := &Error{Status: resp.StatusCode}
			_ = json.Unmarshal(data, e)
			return retry.Permanent(e)
		}
		if out == nil {
			return nil
		}
		return retry.Permanent(json.Unmarshal(data, out))
	})
}

// VerifySignature checks the bank's webhook HMAC.
func VerifySignature(secret string, body []byte, signature string) bool {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	return hmac.Equal([]byte(hex.EncodeToString(mac.Sum(nil))), []byte(signature))
}
