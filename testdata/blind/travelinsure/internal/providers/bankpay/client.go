// Package bankpay is the client for BankPay, the payout provider that sends
// SEPA credit transfers from our claims account to travellers' bank
// accounts.
//
// BankPay de-duplicates transfers by the end_to_end_id field: a second
// transfer request carrying an end_to_end_id already seen on the debtor
// account is answered with 409 and the original transfer, and no money
// moves. Requests without an end_to_end_id are always executed.
package bankpay

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/skyguard-travel/policyhub/internal/platform/httpx"
)

// TransferRequest is a credit transfer to one creditor.
type TransferRequest struct {
	EndToEndID     string `json:"end_to_end_id,omitempty"`
	AmountMinor    int64  `json:"amount"`
	Currency       string `json:"currency"`
	CreditorIBAN   string `json:"creditor_iban"`
	CreditorName   string `json:"creditor_name"`
	RemittanceInfo string `json:"remittance_information"`
}

// Transfer is BankPay's view of a credit transfer.
type Transfer struct {
	ID         string `json:"id"`
	EndToEndID string `json:"end_to_end_id"`
	Status     string `json:"status"`
}

// Transferer sends credit transfers.
type Transferer interface {
	CreateTransfer(ctx context.Context, req TransferRequest) (*Transfer, error)
}

type client struct {
	http          *retryablehttp.Client
	baseURL       string
	apiKey        string
	debtorAccount string
}

// New returns a BankPay Transferer debiting debtorAccount.
func New(baseURL, apiKey, debtorAccount string, log *slog.Logger) Transferer {
	return &client{
		http:          httpx.New(log, httpx.WithRetryMax(3), httpx.WithTimeout(30*time.Second)),
		baseURL:       baseURL,
		apiKey:        apiKey,
		debtorAccount: debtorAccount,
	}
}

func (c *client) CreateTransfer(ctx context.Context, req TransferRequest) (*Transfer, error) {
	var out Transfer
	_, err := httpx.DoJSON(ctx, c.http, "bankpay", httpx.Request{
		Method: http.MethodPost,
		URL:    c.baseURL + "/v1/accounts/" + c.debtorAccount + "/transfers",
		Body:   req,
		Headers: map[string]string{
			"Authorization": "ApiKey " + c.apiKey,
		},
	}, &out)
	var se *httpx.StatusError
	if errors.As(err, &se) && se.Status == http.StatusConflict && req.EndToEndID != "" {
		// Already executed under this end_to_end_id; fetch the original.
		return c.byEndToEndID(ctx, req.EndToEndID)
	}
	if err != nil {
		return nil, err
	}
	return &out, nil
}

func (c *client) byEndToEndID(ctx context.Context, e2e string) (*Transfer, error) {
	var out Transfer
	if _, err := httpx.DoJSON(ctx, c.http, "bankpay", httpx.Request{
		Method: http.MethodGet,
		URL:    c.baseURL + "/v1/accounts/" + c.debtorAccount + "/transfers/by-e2e/" + e2e,
		Headers: map[string]string{
			"Authorization": "ApiKey " + c.apiKey,
		},
	}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Logging decorates a Transferer with structured logs around each call.
func Logging(next Transferer, log *slog.Logger) Transferer {
	return loggingTransferer{next: next, log: log}
}

type loggingTransferer struct {
	next Transferer
	log  *slog.Logger
}

func (l loggingTransferer) CreateTransfer(ctx context.Context, req TransferRequest) (*Transfer, error) {
	start := time.Now()
	t, err := l.next.CreateTransfer(ctx, req)
	attrs := []any{
		"amount", req.AmountMinor, "currency", req.Currency,
		"end_to_end_id", req.EndToEndID, "elapsed", time.Since(start),
	}
	if err != nil {
		l.log.ErrorContext(ctx, "bankpay transfer failed", append(attrs, "err", err)...)
		return nil, err
	}
	l.log.InfoContext(ctx, "bankpay transfer created", append(attrs, "transfer_id", t.ID, "status", t.Status)...)
	return t, nil
}
