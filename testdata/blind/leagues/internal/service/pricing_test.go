package service

import (
	"testing"
	"time"

	"github.com/fieldday/leagues/internal/store"
)

func TestSiblingDiscount(t *testing.T) {
	season := &store.Season{FeeCents: 18000, SiblingDiscountPct: 15}
	cases := []struct {
		ahead int
		want  int64
	}{{0, 0}, {1, 2700}, {3, 2700}}
	for _, c := range cases {
		if got := siblingDiscount(season, c.ahead); got != c.want {
			t.Errorf("siblingDiscount(%d) = %d, want %d", c.ahead, got, c.want)
		}
	}
}

func TestInstallmentAmountAbsorbsRounding(t *testing.T) {
	season := &store.Season{DepositCents: 5000, Installments: 3}
	reg := &store.Registration{FeeCents: 15001}
	var total int64
	for n := 1; n <= 3; n++ {
		total += installmentAmount(season, reg, n)
	}
	if total != 10001 {
		t.Fatalf("installments sum to %d, want 10001", total)
	}
}

func TestEligible(t *testing.T) {
	d := &store.Division{MinBirthYear: 2014, MaxBirthYear: 2015}
	for _, c := range []struct {
		born string
		want bool
	}{{"2013-12-31", false}, {"2014-01-01", true}, {"2015-08-09", true}, {"2016-01-01", false}} {
		b, _ := time.Parse(time.DateOnly, c.born)
		if got := eligible(d, b); got != c.want {
			t.Errorf("eligible(%s) = %v, want %v", c.born, got, c.want)
		}
	}
}

func TestNormalizePhone(t *testing.T) {
	for in, want := range map[string]string{
		"(503) 555-0142":   "+15035550142",
		"+44 20 7946 0958": "+442079460958",
		"":                 "",
	} {
		if got := normalizePhone(in); got != want {
			t.Errorf("normalizePhone(%q) = %q, want %q", in, got, want)
		}
	}
}
