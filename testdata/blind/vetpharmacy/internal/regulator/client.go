// Package regulator submits controlled-drug dispensing records to the
// national Controlled Drugs Register (CDR) API.
package regulator

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

type Client struct {
	baseURL  string
	clientID string
	token    string
	premises string
	http     *http.Client
}

type Config struct {
	BaseURL    string
	ClientID   string
	Token      string
	PremisesID string
	Timeout    time.Duration
}

func New(cfg Config) *Client {
	timeout := cfg.Timeout
	if timeout == 0 {
		timeout = 30 * time.Second
	}
	return &Client{
		baseURL:  cfg.BaseURL,
		clientID: cfg.ClientID,
		token:    cfg.Token,
		premises: cfg.PremisesID,
		http:     &http.Client{Timeout: timeout},
	}
}

type DispenseLine struct {
	ProductCode    string `json:"product_code"`
	Quantity       int32  `json:"quantity"`
	PrescriptionID string `json:"prescription_id"`
	Prescriber     string `json:"prescriber"`
}

// DispenseReport is one dispensing event. The CDR deduplicates on
// SubmissionRef per premises: a repeat with the same ref returns the receipt
// of the first submission instead of recording a second dispense.
type DispenseReport struct {
	SubmissionRef string         `json:"submission_ref,omitempty"`
	PremisesID    string         `json:"premises_id"`
	DispensedAt   time.Time      `json:"dispensed_at"`
	Pharmacist    string         `json:"pharmacist"`
	Witness       string         `json:"witness,omitempty"`
	Lines         []DispenseLine `json:"lines"`
}

// DailyReturn is the end-of-day summary every premises files.
type DailyReturn struct {
	SubmissionRef string         `json:"submission_ref,omitempty"`
	PremisesID    string         `json:"premises_id"`
	Date          string         `json:"date"`
	Lines         []DispenseLine `json:"lines"`
}

type Receipt struct {
	ReceiptID  string    `json:"receipt_id"`
	ReceivedAt time.Time `json:"received_at"`
	Duplicate  bool      `json:"duplicate"`
}

func (c *Client) SubmitDispense(ctx context.Context, r DispenseReport) (*Receipt, error) {
	if r.PremisesID == "" {
		r.PremisesID = c.premises
	}
	var out Receipt
	if err := c.post(ctx, "/dispensing-events", r, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) SubmitDailyReturn(ctx context.Context, r DailyReturn) (*Receipt, error) {
	if r.PremisesID == "" {
		r.PremisesID = c.premises
	}
	var out Receipt
	if err := c.post(ctx, "/daily-returns", r, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

type Error struct {
	Status int
	Body   string
}

func (e *Error) Error() string { return fmt.Sprintf("regulator: status %d: %s", e.Status, e.Body) }

func (c *Client) post(ctx context.Context, path string, in, out any) error {
	b, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Client-Id", c.clientID)
	req.Header.Set("Authorization", "Bearer "+c.token)
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("regulator: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode/100 != 2 {
		return &Error{Status: resp.StatusCode, Body: string(raw)}
	}
	return json.Unmarshal(raw, out)
}
