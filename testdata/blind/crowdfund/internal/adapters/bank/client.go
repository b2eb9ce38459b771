// Package bank is the client for Fennel Bank's payments partner API, used
// to pay creators out.
//
// Fennel honours an Idempotency-Key header on POST /beneficiaries. Transfers
// are de-duplicated on end_to_end_id: a second POST /transfers with an
// end_to_end_id already seen on the account returns 409 with the original
// transfer in the body. The beneficiary external_reference is kept for
// reconciliation only and is not unique.
package bank

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/brightfund/crowdfund/internal/core/ports"
	"github.com/brightfund/crowdfund/internal/platform/apiclient"
	"github.com/brightfund/crowdfund/internal/platform/config"
)

type Client struct {
	api    *apiclient.Client
	apiKey string
}

func New(cfg config.Config) *Client {
	c := &Client{apiKey: cfg.BankAPIKey}
	c.api = apiclient.New(cfg.BankBaseURL, cfg.HTTPTimeout, map[string]string{
		"X-Api-Key": cfg.BankAPIKey,
	})
	c.api.Decorate = c.sign
	return c
}

// sign adds Fennel's request signature: base64 HMAC-SHA256 over
// timestamp + "." + body.
func (c *Client) sign(req *http.Request, body []byte) {
	stamp := strconv.FormatInt(time.Now().Unix(), 10)
	mac := hmac.New(sha256.New, []byte(c.apiKey))
	mac.Write([]byte(stamp + "."))
	mac.Write(body)
	req.Header.Set("X-Fennel-Timestamp", stamp)
	req.Header.Set("X-Fennel-Signature", base64.StdEncoding.EncodeToString(mac.Sum(nil)))
}

type beneficiaryRequest struct {
	HolderName    string `json:"account_holder_name"`
	IBAN          string `json:"iban,omitempty"`
	AccountNumber string `json:"account_number,omitempty"`
	SortCode      string `json:"sort_code,omitempty"`
	Country       string `json:"country"`
	Currency      string `json:"currency"`
	ExternalRef   string `json:"external_reference"`
}

type beneficiaryResponse struct {
	ID          string `json:"id"`
	AccountMask string `json:"account_mask"`
}

func (c *Client) RegisterBeneficiary(ctx context.Context, req ports.BeneficiaryRequest, opts ...ports.CallOption) (ports.Beneficiary, error) {
	o := ports.ApplyCallOptions(opts)
	resp, err := apiclient.Do[beneficiaryResponse](ctx, c.api, http.MethodPost, "/beneficiaries", beneficiaryRequest{
		HolderName:    req.HolderName,
		IBAN:          req.IBAN,
		AccountNumber: req.AccountNumber,
		SortCode:      req.SortCode,
		Country:       req.Country,
		Currency:      req.Currency,
		ExternalRef:   req.ExternalRef,
	}, apiclient.Header("Idempotency-Key", o.IdempotencyKey))
	if err != nil {
		return ports.Beneficiary{}, err
	}
	last4 := resp.AccountMask
	if len(last4) > 4 {
		last4 = last4[len(last4)-4:]
	}
	return ports.Beneficiary{ID: resp.ID, Last4: last4}, nil
}

type transferRequest struct {
	BeneficiaryID string `json:"beneficiary_id"`
	Amount        int64  `json:"amount_minor"`
	Currency      string `json:"currency"`
	EndToEndID    string `json:"end_to_end_id"`
	Reference     string `json:"reference"`
	Scheme        string `json:"scheme"`
}

type transferResponse struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

func (c *Client) SendTransfer(ctx context.Context, req ports.TransferRequest) (ports.Transfer, error) {
	resp, err := apiclient.Do[transferResponse](ctx, c.api, http.MethodPost, "/transfers", transferRequest{
		BeneficiaryID: req.BeneficiaryID,
		Amount:        req.AmountCents,
		Currency:      req.Currency,
		EndToEndID:    req.EndToEndID,
		Reference:     req.Reference,
		Scheme:        "auto",
	})
	var se *apiclient.StatusError
	if errors.As(err, &se) && se.Status == http.StatusConflict {
		var existing transferResponse
		if jerr := json.Unmarshal([]byte(se.Body), &existing); jerr == nil && existing.ID != "" {
			return ports.Transfer{ID: existing.ID, Status: existing.Status}, nil
		}
	}
	if err != nil {
		return ports.Transfer{}, err
	}
	return ports.Transfer{ID: resp.ID, Status: resp.Status}, nil
}
