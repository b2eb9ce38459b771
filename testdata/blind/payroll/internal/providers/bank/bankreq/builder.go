// Package bankreq builds request bodies for the bank-transfer provider's
// /v2/transfers endpoint.
package bankreq

import (
	"fmt"
	"strings"

	"github.com/acme/payroll/internal/refcode"
)

type Party struct {
	Name        string `json:"name"`
	AccountRef  string `json:"account_ref"`
	RoutingCode string `json:"routing_code,omitempty"`
}

type TransferRequest struct {
	// IdempotencyKey is sent as the Idempotency-Key header, not in the body.
	IdempotencyKey string            `json:"-"`
	AmountMinor    int64             `json:"amount"`
	Currency       string            `json:"currency"`
	Debtor         Party             `json:"debtor"`
	Creditor       Party             `json:"creditor"`
	Reference      string            `json:"reference"`
	Purpose        string            `json:"purpose"`
	Metadata       map[string]string `json:"metadata,omitempty"`
}

// Builder fills in the parts of a transfer that are the same for every
// request a company makes.
type Builder struct {
	debtor Party
}

func NewBuilder(companyName, accountRef, routingCode string) *Builder {
	return &Builder{debtor: Party{Name: companyName, AccountRef: accountRef, RoutingCode: routingCode}}
}

func (b *Builder) base(amount int64, currency string, to Party) TransferRequest {
	return TransferRequest{
		AmountMinor: amount,
		Currency:    strings.ToUpper(currency),
		Debtor:      b.debtor,
		Creditor:    to,
		Metadata:    map[string]string{},
	}
}

// Salary builds a wage payment. key must be stable for the payout.
func (b *Builder) Salary(key string, amount int64, currency string, to Party, runRef string) TransferRequest {
	req := b.base(amount, currency, to)
	req.IdempotencyKey = key
	req.Purpose = "SALA"
	req.Reference = refcode.BankMemo(runRef)
	req.Metadata["pay_run_reference"] = runRef
	return req
}

// OneOff builds a one-off payment such as a bonus or a correction.
func (b *Builder) OneOff(paymentID string, amount int64, currency string, to Party, memo string) TransferRequest {
	req := b.base(amount, currency, to)
	req.IdempotencyKey = "ocp_" + paymentID
	req.Purpose = "BONU"
	req.Reference = refcode.BankMemo(fmt.Sprintf("OC %s", memo))
	req.Metadata["off_cycle_payment_id"] = paymentID
	return req
}
