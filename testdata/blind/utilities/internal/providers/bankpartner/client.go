// Package bankpartner is the client for the sponsoring bank's direct-debit
// API. The bank deduplicates collection and mandate submissions on the
// endToEndId field of the request body: a second submission carrying an
// endToEndId it has already accepted returns the original receipt.
// When endToEndId is omitted the bank assigns one of its own.
package bankpartner

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

type Config struct {
	BaseURL     string
	ClientID    string
	CreditorID  string
	AccessToken string
}

type Client struct {
	cfg  Config
	http *http.Client
}

func New(cfg Config) *Client {
	return &Client{cfg: cfg, http: &http.Client{Timeout: 20 * time.Second}}
}

// CreditorID is the creditor identifier registered with the bank.
func (c *Client) CreditorID() string { return c.cfg.CreditorID }

type MandateRequest struct {
	EndToEndID string `json:"endToEndId"`
	MandateRef string `json:"mandateReference"`
	CreditorID string `json:"creditorId"`
	DebtorName string `json:"debtorName"`
	DebtorIBAN string `json:"debtorIban"`
	SignedAt   string `json:"signatureDate"`
}

type MandateReceipt struct {
	BankMandateID string `json:"mandateId"`
	Status        string `json:"status"`
}

type CollectionRequest struct {
	EndToEndID    string `json:"endToEndId,omitempty"`
	CreditorID    string `json:"creditorId"`
	MandateRef    string `json:"mandateReference"`
	AmountCents   int64  `json:"instructedAmount"`
	Currency      string `json:"currency"`
	Remittance    string `json:"remittanceInformation"`
	SequenceType  string `json:"sequenceType"`
	RequestedDate string `json:"requestedCollectionDate"`
}

type CollectionReceipt struct {
	EndToEndID string `json:"endToEndId"`
	BankRef    string `json:"transactionId"`
	Status     string `json:"status"`
}

type Error struct {
	Status int
	Code   string `json:"errorCode"`
	Text   string `json:"errorText"`
}

func (e *Error) Error() string { return fmt.Sprintf("bank: %d %s %s", e.Status, e.Code, e.Text) }

func (c *Client) RegisterMandate(ctx context.Context, req MandateRequest) (*MandateReceipt, error) {
	var out MandateReceipt
	if err := c.post(ctx, "/sdd/v2/mandates", req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) SubmitCollection(ctx context.Context, req CollectionRequest) (*CollectionReceipt, error) {
	var out CollectionReceipt
	if err := c.post(ctx, "/sdd/v2/collections", req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *Client) post(ctx context.Context, path string, body, out interface{}) error {
	payload, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.cfg.BaseURL+path, bytes.NewReader(payload))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+c.cfg.AccessToken)
	req.Header.Set("X-Client-Id", c.cfg.ClientID)
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		e := &Error{Status: resp.StatusCode}
		_ = json.Unmarshal(raw, e)
		return e
	}
	return json.Unmarshal(raw, out)
}
