// Package mailhouse is a client for the print-and-mail vendor that prints
// hang-tag permits and posts them to residents.
package mailhouse

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
	"time"

	"github.com/curbline-civic/permits/internal/domain"
)

// Client talks to the mail house job API.
type Client struct {
	baseURL string
	apiKey  string
	secret  string
	http    *http.Client
}

// New returns a client.
func New(baseURL, apiKey, callbackSecret string, timeout time.Duration) *Client {
	return &Client{baseURL: baseURL, apiKey: apiKey, secret: callbackSecret, http: &http.Client{Timeout: timeout}}
}

// PrintJob is one letter. When ClientReference is set, the mail house returns
// the existing job for a reference it has seen in the last 30 days instead of
// printing another letter.
type PrintJob struct {
	Template        string                `json:"template"`
	Recipient       domain.MailingAddress `json:"recipient"`
	MergeFields     map[string]string     `json:"merge_fields"`
	Class           string                `json:"mail_class"`
	ClientReference string                `json:"client_reference,omitempty"`
}

// Receipt is the vendor's acknowledgement of a print job.
type Receipt struct {
	JobID        string    `json:"job_id"`
	Status       string    `json:"status"`
	ExpectedMail time.Time `json:"expected_mail_date"`
	WasDuplicate bool      `json:"duplicate"`
}

// SubmitJob queues a letter for printing.
func (c *Client) SubmitJob(ctx context.Context, job PrintJob) (*Receipt, error) {
	body, err := json.Marshal(job)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/api/v3/jobs", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("X-Api-Key", c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("mailhouse: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode >= 300 {
		return nil, fmt.Errorf("mailhouse: status %d: %s", resp.StatusCode, raw)
	}
	var rc Receipt
	if err := json.Unmarshal(raw, &rc); err != nil {
		return nil, fmt.Errorf("mailhouse: decode: %w", err)
	}
	return &rc, nil
}

// Callback is a status update the mail house posts back (printed, mailed,
// returned to sender).
type Callback struct {
	CallbackID string    `json:"callback_id"`
	JobID      string    `json:"job_id"`
	Status     string    `json:"status"`
	OccurredAt time.Time `json:"occurred_at"`
}

var ErrBadSignature = errors.New("mailhouse: bad callback signature")

// ParseCallback verifies the X-Mailhouse-Signature header and decodes body.
func (c *Client) ParseCallback(body []byte, sig string) (*Callback, error) {
	mac := hmac.New(sha256.New, []byte(c.secret))
	mac.Write(body)
	if !hmac.Equal([]byte(hex.EncodeToString(mac.Sum(nil))), []byte(sig)) {
		return nil, ErrBadSignature
	}
	var cb Callback
	if err := json.Unmarshal(body, &cb); err != nil {
		return nil, fmt.Errorf("mailhouse: decode callback: %w", err)
	}
	return &cb, nil
}
