// Package bank is a client for the payment-initiation API of the scheme's
// house bank (SEPA credit transfers to customers and shops).
//
// The bank rejects a second payment order carrying an end_to_end_id it has
// already accepted for the same debtor account with 409 Conflict and returns
// the original order in the body.
package bank

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/pantloop/deposit/internal/httpx"
)

// Config holds the connection settings.
type Config struct {
	BaseURL        string
	ClientID       string
	ClientSecret   string
	DebtorIBAN     string
	DebtorName     string
	RequestTimeout time.Duration
}

// Client initiates credit transfers.
type Client struct {
	cfg  Config
	http *http.Client
}

func NewClient(cfg Config) *Client {
	if cfg.RequestTimeout == 0 {
		cfg.RequestTimeout = 20 * time.Second
	}
	return &Client{cfg: cfg, http: &http.Client{Timeout: cfg.RequestTimeout}}
}

// CreditTransfer is a SEPA credit transfer order.
type CreditTransfer struct {
	EndToEndID      string `json:"end_to_end_id,omitempty"`
	DebtorIBAN      string `json:"debtor_iban"`
	DebtorName      string `json:"debtor_name"`
	CreditorIBAN    string `json:"creditor_iban"`
	CreditorName    string `json:"creditor_name"`
	AmountCents     int64  `json:"amount_cents"`
	Currency        string `json:"currency"`
	RemittanceInfo  string `json:"remittance_information"`
	RequestedExecOn string `json:"requested_execution_date,omitempty"`
}

// PaymentOrder is the bank's answer.
type PaymentOrder struct {
	PaymentID  string `json:"payment_id"`
	EndToEndID string `json:"end_to_end_id"`
	Status     string `json:"status"` // RCVD, ACCP, ACSC, RJCT
}

func (c *Client) header() http.Header {
	h := http.Header{}
	h.Set("X-Client-ID", c.cfg.ClientID)
	h.Set("X-Client-Secret", c.cfg.ClientSecret)
	return h
}

// Transfer submits a credit transfer from the scheme's account.
func (c *Client) Transfer(ctx context.Context, ct CreditTransfer) (*PaymentOrder, error) {
	ct.DebtorIBAN = c.cfg.DebtorIBAN
	ct.DebtorName = c.cfg.DebtorName
	if ct.Currency == "" {
		ct.Currency = "EUR"
	}
	var out PaymentOrder
	err := httpx.Do(ctx, c.http, httpx.Request{
		Method: http.MethodPost,
		URL:    c.cfg.BaseURL + "/payments/sepa-credit-transfers",
		Header: c.header(),
		Body:   ct,
	}, &out)
	if httpx.IsStatus(err, http.StatusConflict) && ct.EndToEndID != "" {
		return c.ByEndToEndID(ctx, ct.EndToEndID)
	}
	if err != nil {
		return nil, fmt.Errorf("bank: transfer: %w", err)
	}
	return &out, nil
}

// ByEndToEndID looks up an order by the id we assigned.
func (c *Client) ByEndToEndID(ctx context.Context, e2e string) (*PaymentOrder, error) {
	var out PaymentOrder
	err := httpx.Do(ctx, c.http, httpx.Request{
		Method: http.MethodGet,
		URL:    c.cfg.BaseURL + "/payments?end_to_end_id=" + url.QueryEscape(e2e),
		Header: c.header(),
	}, &out)
	if err != nil {
		return nil, fmt.Errorf("bank: lookup %s: %w", e2e, err)
	}
	return &out, nil
}
