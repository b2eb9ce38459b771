package app

import (
	"fmt"

	"github.com/harbourline/hotels/internal/domain"
)

// autoPayLimit is the largest invoice paid without a human approving it.
var autoPayLimit = map[string]int64{"EUR": 5_000_00, "GBP": 4_500_00, "USD": 5_500_00}

func approveCommission(due domain.CommissionDue) error {
	limit, ok := autoPayLimit[due.Amount.Currency]
	if !ok {
		return fmt.Errorf("no auto-pay limit for %s", due.Amount.Currency)
	}
	if due.Amount.Minor > limit {
		return fmt.Errorf("invoice %s of %s needs manual approval", due.InvoiceRef, due.Amount)
	}
	return nil
}
