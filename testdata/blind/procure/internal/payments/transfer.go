package payments

import (
	"fmt"

	"github.com/northmill/procure/internal/bankpay"
	"github.com/northmill/procure/internal/suppliers"
)

type transferOptions struct {
	key        string
	remittance string
	execDate   string
	purpose    string
}

// transferOption customises a bank transfer request.
type transferOption func(*transferOptions)

func withIdempotencyKey(key string) transferOption {
	return func(o *transferOptions) { o.key = key }
}

func withRemittance(text string) transferOption {
	return func(o *transferOptions) { o.remittance = text }
}

func withExecutionDate(day string) transferOption {
	return func(o *transferOptions) { o.execDate = day }
}

func withPurpose(code string) transferOption {
	return func(o *transferOptions) { o.purpose = code }
}

// newTransfer builds the bank request for paying a supplier.
func newTransfer(endToEndID string, sup suppliers.Supplier, debtor string, amount bankpay.Amount, opts ...transferOption) bankpay.PaymentRequest {
	o := transferOptions{purpose: "SUPP"}
	for _, fn := range opts {
		fn(&o)
	}
	if o.remittance == "" {
		o.remittance = fmt.Sprintf("Northmill payment %s", endToEndID)
	}
	if len(o.remittance) > 140 {
		o.remittance = o.remittance[:140]
	}
	return bankpay.PaymentRequest{
		IdempotencyKey:  o.key,
		EndToEndID:      endToEndID,
		DebtorAccount:   debtor,
		CreditorName:    sup.Name,
		CreditorIBAN:    sup.BankIBAN,
		CreditorBIC:     sup.BankBIC,
		Amount:          amount,
		RemittanceInfo:  o.remittance,
		ExecutionDate:   o.execDate,
		CategoryPurpose: o.purpose,
	}
}
