// Package lockbox talks to KeyHaven, the smart-lock partner that issues
// time-boxed door codes for sitters.
//
// KeyHaven's access-code API has no request deduplication: every POST
// programs a new code on the physical lock.
package lockbox

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

	"github.com/pawtrail-labs/pawtrail/internal/config"
)

type Client struct {
	baseURL       string
	token         string
	webhookSecret string
	http          *http.Client
}

func NewClient(cfg config.Config) *Client {
	return &Client{
		baseURL:       cfg.LockboxBaseURL,
		token:         cfg.LockboxAPIToken,
		webhookSecret: cfg.LockboxWebhookSecret,
		http:          &http.Client{Timeout: 15 * time.Second},
	}
}

type AccessCodeRequest struct {
	LockID   string
	Name     string
	StartsAt time.Time
	EndsAt   time.Time
}

type AccessCode struct {
	ID     string `json:"id"`
	LockID string `json:"lock_id"`
	Code   string `json:"code"`
}

func (c *Client) CreateAccessCode(ctx context.Context, r AccessCodeRequest) (AccessCode, error) {
	body, err := json.Marshal(map[string]any{
		"name":      r.Name,
		"starts_at": r.StartsAt.UTC().Format(time.RFC3339),
		"ends_at":   r.EndsAt.UTC().Format(time.RFC3339),
	})
	if err != nil {
		return AccessCode{}, err
	}
	var out AccessCode
	path := "/v2/locks/" + url.PathEscape(r.LockID) + "/access_codes"
	if err := c.do(ctx, http.MethodPost, path, body, &out); err != nil {
		return AccessCode{}, fmt.Errorf("keyhaven: create access code: %w", err)
	}
	return out, nil
}

// DeleteAccessCode removes a code from the lock. A code that is already
// gone is not an error.
func (c *Client) DeleteAccessCode(ctx context.Context, lockID, codeID string) error {
	path := "/v2/locks/" + url.PathEscape(lockID) + "/access_codes/" + url.PathEscape(codeID)
	err := c.do(ctx, http.MethodDelete, path, nil, nil)
	var se *StatusError
	if errors.As(err, &se) && se.Code == http.StatusNotFound {
		return nil
	}
	if err != nil {
		return fmt.Errorf("keyhaven: delete access code: %w", err)
	}
	return nil
}

type StatusError struct {
	Code int
	Body string
}

func (e *StatusError) Error() string { return fmt.Sprintf("keyhaven: status %d: %s", e.Code, e.Body) }

func (c *Client) do(ctx context.Context, method, path string, body []byte, out any) error {
	var rdr io.Reader
	if body != nil {
		rdr = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, rdr)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Token "+c.token)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode >= 300 {
		return &StatusError{Code: resp.StatusCode, Body: string(raw)}
	}
	if out != nil && len(raw) > 0 {
		return json.Unmarshal(raw, out)
	}
	return nil
}

// Event is a KeyHaven webhook delivery. KeyHaven retries deliveries with
// the same event id until it receives a 2xx.
type Event struct {
	ID           string    `json:"id"`
	Type         string    `json:"type"`
	LockID       string    `json:"lock_id"`
	AccessCodeID string    `json:"access_code_id"`
	OccurredAt   time.Time `json:"occurred_at"`
}

var ErrBadSignature = errors.New("keyhaven: bad webhook signature")

func (c *Client) ParseEvent(body []byte, signature string) (Event, error) {
	mac := hmac.New(sha256.New, []byte(c.webhookSecret))
	mac.Write(body)
	if !hmac.Equal([]byte(signature), []byte(hex.EncodeToString(mac.Sum(nil)))) {
		return Event{}, ErrBadSignature
	}
	var ev Event
	if err := json.Unmarshal(body, &ev); err != nil {
		return Event{}, fmt.Errorf("keyhaven: decode event: %w", err)
	}
	return ev, nil
}
