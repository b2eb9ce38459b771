// Package cashkiosk talks to the CashPoint kiosk controller that each yard
// runs behind its scale house. A voucher loads cash into the kiosk for one
// seller; the seller redeems it with the printed code and PIN.
//
// The controller API has no idempotency support. Every POST /vouchers funds
// a new voucher; the reference field is only printed on the slip.
package cashkiosk

import (
	"context"
	"net/http"

	"github.com/ironbridge-metals/yardops/internal/provider/httpjson"
)

type Client struct {
	http *httpjson.Client
}

func New(baseURL, token string, opts ...httpjson.Option) *Client {
	opts = append([]httpjson.Option{httpjson.WithAuth(httpjson.Bearer(token))}, opts...)
	return &Client{http: httpjson.New("cashpoint", baseURL, opts...)}
}

type VoucherRequest struct {
	KioskGroup  string `json:"kiosk_group"`
	AmountCents int64  `json:"amount_cents"`
	Reference   string `json:"reference"`
	PayeeName   string `json:"payee_name"`
}

type Voucher struct {
	ID   string `json:"voucher_id"`
	Code string `json:"redeem_code"`
	PIN  string `json:"pin"`
}

// IssueVoucher funds a cash voucher.
func (c *Client) IssueVoucher(ctx context.Context, req VoucherRequest) (Voucher, error) {
	var out Voucher
	_, err := c.http.Do(ctx, http.MethodPost, "/api/vouchers", nil, req, &out)
	return out, err
}
