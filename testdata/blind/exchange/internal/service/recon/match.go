package recon

import (
	"fmt"

	"github.com/halyard/funding/internal/provider/bank"
	"github.com/halyard/funding/internal/store"
)

// Break kinds.
const (
	BreakUnbookedCredit = "unbooked_credit"
	BreakUnknownDebit   = "unknown_debit"
	BreakAmountMismatch = "amount_mismatch"
	BreakMissingPayout  = "missing_payout"
)

type matchResult struct {
	matched int
	breaks  []store.ReconBreak
}

// match pairs statement lines with booked movements. Credits pair with
// deposits by bank transaction reference, debits with payouts by the
// end-to-end id we set to the withdrawal id.
func match(lines []bank.StatementLine, deposits []store.BankDeposit, payouts []store.Withdrawal) matchResult {
	var res matchResult
	depByRef := make(map[string]store.BankDeposit, len(deposits))
	for _, d := range deposits {
		depByRef[d.BankTxnRef] = d
	}
	payByE2E := make(map[string]store.Withdrawal, len(payouts))
	for _, w := range payouts {
		payByE2E[w.ID] = w
	}
	seenPayout := map[string]bool{}

	for _, l := range lines {
		switch l.Direction {
		case "credit":
			d, ok := depByRef[l.Ref]
			switch {
			case !ok:
				res.breaks = append(res.breaks, brk(l.Ref, BreakUnbookedCredit, l.Amount, "credit on statement with no booked deposit: "+l.Reference))
			case d.Amount != l.Amount:
				res.breaks = append(res.breaks, brk(l.Ref, BreakAmountMismatch, l.Amount-d.Amount,
					fmt.Sprintf("deposit %s booked %d, statement %d", d.ID, d.Amount, l.Amount)))
			default:
				res.matched++
			}
		case "debit":
			w, ok := payByE2E[l.EndToEndID]
			switch {
			case !ok:
				res.breaks = append(res.breaks, brk(l.Ref, BreakUnknownDebit, l.Amount, "debit with no matching payout: "+l.Reference))
			case w.Amount != l.Amount:
				seenPayout[w.ID] = true
				res.breaks = append(res.breaks, brk(l.Ref, BreakAmountMismatch, l.Amount-w.Amount,
					fmt.Sprintf("payout %s amount %d, statement %d", w.ID, w.Amount, l.Amount)))
			default:
				seenPayout[w.ID] = true
				res.matched++
			}
		}
	}
	for _, w := range payouts {
		if !seenPayout[w.ID] {
			res.breaks = append(res.breaks, brk("wd:"+w.ID, BreakMissingPayout, w.Amount, "payout not on statement"))
		}
	}
	return res
}

func brk(ref, kind string, amount int64, detail string) store.ReconBreak {
	return store.ReconBreak{LineRef: ref, Kind: kind, Amount: amount, Detail: detail}
}
