// Package bank sends settlement credits to clinic bank accounts through the
// treasury bank's payments API.
//
// The bank rejects a payment whose end_to_end_id it has already accepted
// with 409 and a body naming the original transfer; SendCredit returns that
// transfer.
package bank

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/pawpath/vetclinic/internal/core/ports"
	"github.com/pawpath/vetclinic/internal/errs"
	"github.com/pawpath/vetclinic/internal/platform/httpx"
)

type Config struct {
	BaseURL    string
	APIKey     string
	Originator string
}

type Client struct {
	http       *httpx.Client
	originator string
}

func New(cfg Config) *Client {
	return &Client{
		http:       httpx.New(cfg.BaseURL, httpx.BearerAuth(cfg.APIKey)),
		originator: cfg.Originator,
	}
}

type creditBody struct {
	EndToEndID  string `json:"end_to_end_id"`
	Originator  string `json:"originator_id"`
	Beneficiary string `json:"beneficiary_account"`
	Amount      int64  `json:"amount_minor"`
	Currency    string `json:"currency"`
	Remittance  string `json:"remittance_info"`
	Rail        string `json:"rail"`
}

type creditResp struct {
	TransferID string `json:"transfer_id"`
	Status     string `json:"status"`
}

func (c *Client) SendCredit(ctx context.Context, t ports.BankTransfer) (ports.BankTransferResult, error) {
	const op errs.Op = "bank.SendCredit"
	var out creditResp
	err := c.http.Do(ctx, op, httpx.Request{
		Method: http.MethodPost,
		Path:   "/payments/credit-transfers",
		Body: creditBody{
			EndToEndID:  t.EndToEndID,
			Originator:  c.originator,
			Beneficiary: t.AccountRef,
			Amount:      t.AmountCents,
			Currency:    t.Currency,
			Remittance:  t.Memo,
			Rail:        "ach_same_day",
		},
	}, &out)
	if err != nil {
		var se *httpx.StatusError
		if errors.As(err, &se) && se.Status == http.StatusConflict {
			var dup creditResp
			if json.Unmarshal([]byte(se.Body), &dup) == nil && dup.TransferID != "" {
				return ports.BankTransferResult{TransferID: dup.TransferID, Status: dup.Status}, nil
			}
		}
		return ports.BankTransferResult{}, err
	}
	return ports.BankTransferResult{TransferID: out.TransferID, Status: out.Status}, nil
}
