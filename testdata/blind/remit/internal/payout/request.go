package payout

import (
	"fmt"

	"github.com/sendhome/remit/ent"
)

// RequestBuilder assembles a partner Request from stored entities.
type RequestBuilder struct {
	req Request
	err error
}

func NewRequest(p *ent.Payout) *RequestBuilder {
	return &RequestBuilder{req: Request{
		PayoutID:   p.ID.String(),
		TransferID: p.TransferID.String(),
		Method:     string(p.Method),
		Amount:     p.Amount,
		Currency:   p.Currency,
	}}
}

func (b *RequestBuilder) To(r *ent.Recipient) *RequestBuilder {
	if r == nil {
		b.err = fmt.Errorf("payout: recipient required")
		return b
	}
	b.req.Recipient = RecipientInfo{
		Name:           r.FullName,
		Phone:          r.Phone,
		Country:        r.Country,
		BankCode:       r.BankCode,
		AccountNumber:  r.AccountNumber,
		WalletProvider: r.WalletProvider,
	}
	return b
}

func (b *RequestBuilder) Narrative(s string) *RequestBuilder {
	b.req.Narrative = s
	return b
}

func (b *RequestBuilder) Build() (Request, error) {
	if b.err != nil {
		return Request{}, b.err
	}
	switch b.req.Method {
	case "bank_account":
		if b.req.Recipient.AccountNumber == "" {
			return Request{}, fmt.Errorf("payout: bank payout without account number")
		}
	case "mobile_wallet":
		if b.req.Recipient.Phone == "" {
			return Request{}, fmt.Errorf("payout: wallet payout without msisdn")
		}
	}
	return b.req, nil
}
