// Package mailing is the client for the print-and-mail vendor that prints
// patient statements and hands them to USPS. The vendor's letters API has no
// request deduplication: every accepted POST produces a printed letter.
package mailing

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Client submits letters to the print vendor.
type Client struct {
	baseURL         string
	apiKey          string
	returnAddressID string
	http            *http.Client
}

// NewClient builds a print vendor client.
func NewClient(baseURL, apiKey, returnAddressID string) *Client {
	return &Client{
		baseURL:         baseURL,
		apiKey:          apiKey,
		returnAddressID: returnAddressID,
		http:            &http.Client{Timeout: 30 * time.Second},
	}
}

// Address is a USPS mailing address.
type Address struct {
	Name  string `json:"name"`
	Line1 string `json:"address_line1"`
	Line2 string `json:"address_line2,omitempty"`
	City  string `json:"address_city"`
	State string `json:"address_state"`
	ZIP   string `json:"address_zip"`
}

// LetterRequest is one statement to print and mail.
type LetterRequest struct {
	To          Address           `json:"to"`
	TemplateID  string            `json:"template_id"`
	MergeFields map[string]string `json:"merge_variables"`
	MailClass   string            `json:"mail_type"`
	Color       bool              `json:"color"`
	Description string            `json:"description"`
}

// Letter is the vendor's accepted letter.
type Letter struct {
	ID               string `json:"id"`
	ExpectedDelivery string `json:"expected_delivery_date"`
}

// SendLetter queues a letter for printing.
func (c *Client) SendLetter(ctx context.Context, req LetterRequest) (*Letter, error) {
	body := map[string]any{
		"to":              req.To,
		"from":            c.returnAddressID,
		"template_id":     req.TemplateID,
		"merge_variables": req.MergeFields,
		"mail_type":       req.MailClass,
		"color":           req.Color,
		"description":     req.Description,
	}
	b, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	hr, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+"/v1/letters", bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	hr.SetBasicAuth(c.apiKey, "")
	hr.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(hr)
	if err != nil {
		return nil, fmt.Errorf("print vendor: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode >= 300 {
		return nil, fmt.Errorf("print vendor %d: %s", resp.StatusCode, raw)
	}
	var l Letter
	if err := json.Unmarshal(raw, &l); err != nil {
		return nil, fmt.Errorf("decode letter: %w", err)
	}
	return &l, nil
}
