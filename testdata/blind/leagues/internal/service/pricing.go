package service

import (
	"fmt"
	"strings"
	"time"

	"github.com/fieldday/leagues/internal/store"
)

// siblingDiscount is the discount for a child given how many siblings in the
// household already hold a registration this season. The first child pays
// full fee; every later child gets the season's percentage off.
func siblingDiscount(season *store.Season, siblingsAhead int) int64 {
	if siblingsAhead <= 0 || season.SiblingDiscountPct <= 0 {
		return 0
	}
	return season.FeeCents * int64(season.SiblingDiscountPct) / 100
}

// netFee is what the family owes before payments.
func netFee(r *store.Registration) int64 {
	n := r.FeeCents - r.DiscountCents - r.ScholarshipCents
	if n < 0 {
		return 0
	}
	return n
}

// depositAmount is what checkout charges: the deposit when the season uses
// installments, otherwise the whole outstanding balance.
func depositAmount(season *store.Season, r *store.Registration) int64 {
	if season.Installments > 0 && season.DepositCents > 0 && season.DepositCents < r.BalanceCents {
		return season.DepositCents
	}
	return r.BalanceCents
}

// installmentAmount splits what remains after the deposit into equal parts;
// the last installment absorbs rounding.
func installmentAmount(season *store.Season, r *store.Registration, n int) int64 {
	remaining := netFee(r) - season.DepositCents
	if remaining <= 0 || season.Installments <= 0 {
		return 0
	}
	each := remaining / int64(season.Installments)
	if n == season.Installments {
		return remaining - each*int64(season.Installments-1)
	}
	return each
}

// eligible reports whether a child born on birth may play in the division.
func eligible(d *store.Division, birth time.Time) bool {
	y := birth.Year()
	return y >= d.MinBirthYear && y <= d.MaxBirthYear
}

func formatCents(cents int64, currency string) string {
	sym := "$"
	switch strings.ToUpper(currency) {
	case "EUR":
		sym = "€"
	case "GBP":
		sym = "£"
	}
	return fmt.Sprintf("%s%d.%02d", sym, cents/100, cents%100)
}

func normalizeEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

func normalizePhone(s string) string {
	var b strings.Builder
	for i, r := range strings.TrimSpace(s) {
		if r == '+' && i == 0 {
			b.WriteRune(r)
			continue
		}
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	out := b.String()
	if out != "" && !strings.HasPrefix(out, "+") {
		if len(out) == 10 {
			out = "+1" + out
		} else {
			out = "+" + out
		}
	}
	return out
}
