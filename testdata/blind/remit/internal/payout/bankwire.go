package payout

import (
	"context"
	"net/http"
	"net/url"
	"time"
)

// BankWire credits recipient bank accounts in the destination country.
type BankWire struct {
	c *httpClient
}

func NewBankWire(base string, opts ...ClientOption) *BankWire {
	return &BankWire{c: newHTTPClient(base, opts)}
}

func (b *BankWire) Name() string { return "bankwire" }

type bankWireCredit struct {
	Reference     string `json:"reference"`
	Amount        int64  `json:"amount_minor"`
	Currency      string `json:"currency"`
	BeneficiaryNm string `json:"beneficiary_name"`
	BankCode      string `json:"bank_code"`
	AccountNumber string `json:"account_number"`
	Country       string `json:"country"`
	Narrative     string `json:"narrative,omitempty"`
	CallbackURL   string `json:"callback_url,omitempty"`
}

type bankWireAck struct {
	CreditID string `json:"credit_id"`
	State    string `json:"state"`
}

func (b *BankWire) Submit(ctx context.Context, req Request, opts ...SubmitOption) (*Receipt, error) {
	o := collect(opts)
	headers := map[string]string{}
	if o.idempotencyKey != "" {
		headers["Idempotency-Key"] = o.idempotencyKey
	}
	var ack bankWireAck
	code, err := b.c.do(ctx, http.MethodPost, "/credits", headers, bankWireCredit{
		Reference:     req.TransferID,
		Amount:        req.Amount,
		Currency:      req.Currency,
		BeneficiaryNm: req.Recipient.Name,
		BankCode:      req.Recipient.BankCode,
		AccountNumber: req.Recipient.AccountNumber,
		Country:       req.Recipient.Country,
		Narrative:     req.Narrative,
		CallbackURL:   o.callbackURL,
	}, &ack)
	if err != nil {
		return nil, err
	}
	status := "accepted"
	if ack.State == "SETTLED" {
		status = "completed"
	}
	return &Receipt{PartnerRef: ack.CreditID, Status: status, HTTPStatus: code}, nil
}

func (b *BankWire) SettlementFiles(ctx context.Context, since time.Time) ([]SettlementFileRef, error) {
	var out struct {
		Files []struct {
			ID       string `json:"id"`
			Date     string `json:"value_date"`
			Currency string `json:"currency"`
		} `json:"files"`
	}
	q := url.Values{"since": {since.Format("2006-01-02")}}
	if _, err := b.c.do(ctx, http.MethodGet, "/settlements?"+q.Encode(), nil, nil, &out); err != nil {
		return nil, err
	}
	refs := make([]SettlementFileRef, 0, len(out.Files))
	for _, f := range out.Files {
		d, _ := time.Parse("2006-01-02", f.Date)
		refs = append(refs, SettlementFileRef{ID: f.ID, BusinessDate: d, Currency: f.Currency})
	}
	return refs, nil
}

func (b *BankWire) SettlementLines(ctx context.Context, fileID string) ([]SettlementLine, error) {
	var out struct {
		Lines []SettlementLine `json:"lines"`
	}
	if _, err := b.c.do(ctx, http.MethodGet, "/settlements/"+url.PathEscape(fileID)+"/lines", nil, nil, &out); err != nil {
		return nil, err
	}
	return out.Lines, nil
}
