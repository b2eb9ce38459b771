package disburse

import (
	"github.com/google/uuid"

	"github.com/sendhome/remit/ent"
	"github.com/sendhome/remit/ent/payout"
)

// newPayout prepares the payout row for a cleared transfer.
func newPayout(t *ent.Transfer, partner string) *ent.Payout {
	return &ent.Payout{
		ID:         uuid.New(),
		TransferID: t.ID,
		Partner:    partner,
		Method:     payout.Method(t.PayoutMethod),
		Amount:     t.ReceiveAmount,
		Currency:   t.ReceiveCurrency,
	}
}

func narrative(t *ent.Transfer) string {
	return "SendHome " + t.ID.String()[:8]
}
