package payout

import (
	"context"
	"net/http"
	"net/url"
	"time"
)

// WalletPay pushes funds to mobile-money wallets. It deduplicates
// disbursements on client_txn_id for 30 days.
type WalletPay struct {
	c *httpClient
}

func NewWalletPay(base string, opts ...ClientOption) *WalletPay {
	return &WalletPay{c: newHTTPClient(base, opts)}
}

func (w *WalletPay) Name() string { return "walletpay" }

type walletDisbursement struct {
	ClientTxnID string `json:"client_txn_id,omitempty"`
	MSISDN      string `json:"msisdn"`
	Operator    string `json:"operator"`
	Amount      int64  `json:"amount"`
	Currency    string `json:"currency"`
	PayeeName   string `json:"payee_name"`
	Note        string `json:"note,omitempty"`
	NotifyURL   string `json:"notify_url,omitempty"`
}

type walletResult struct {
	TxnID  string `json:"txn_id"`
	Status string `json:"status"`
}

func (w *WalletPay) Submit(ctx context.Context, req Request, opts ...SubmitOption) (*Receipt, error) {
	o := collect(opts)
	var res walletResult
	code, err := w.c.do(ctx, http.MethodPost, "/disbursements", nil, walletDisbursement{
		ClientTxnID: o.idempotencyKey,
		MSISDN:      req.Recipient.Phone,
		Operator:    req.Recipient.WalletProvider,
		Amount:      req.Amount,
		Currency:    req.Currency,
		PayeeName:   req.Recipient.Name,
		Note:        req.Narrative,
		NotifyURL:   o.callbackURL,
	}, &res)
	if err != nil {
		return nil, err
	}
	status := "accepted"
	if res.Status == "SUCCESSFUL" {
		status = "completed"
	}
	return &Receipt{PartnerRef: res.TxnID, Status: status, HTTPStatus: code}, nil
}

func (w *WalletPay) SettlementFiles(ctx context.Context, since time.Time) ([]SettlementFileRef, error) {
	var out []struct {
		ReportID string `json:"report_id"`
		Day      string `json:"day"`
		Currency string `json:"currency"`
	}
	q := url.Values{"from": {since.Format("2006-01-02")}}
	if _, err := w.c.do(ctx, http.MethodGet, "/reports/settlement?"+q.Encode(), nil, nil, &out); err != nil {
		return nil, err
	}
	refs := make([]SettlementFileRef, 0, len(out))
	for _, f := range out {
		d, _ := time.Parse("2006-01-02", f.Day)
		refs = append(refs, SettlementFileRef{ID: f.ReportID, BusinessDate: d, Currency: f.Currency})
	}
	return refs, nil
}

func (w *WalletPay) SettlementLines(ctx context.Context, fileID string) ([]SettlementLine, error) {
	var out struct {
		Entries []struct {
			TxnID    string `json:"txn_id"`
			Amount   int64  `json:"amount"`
			Fee      int64  `json:"fee"`
			Currency string `json:"currency"`
		} `json:"entries"`
	}
	if _, err := w.c.do(ctx, http.MethodGet, "/reports/settlement/"+url.PathEscape(fileID), nil, nil, &out); err != nil {
		return nil, err
	}
	lines := make([]SettlementLine, 0, len(out.Entries))
	for _, e := range out.Entries {
		lines = append(lines, SettlementLine{PartnerRef: e.TxnID, Amount: e.Amount, Fee: e.Fee, Currency: e.Currency})
	}
	return lines, nil
}
