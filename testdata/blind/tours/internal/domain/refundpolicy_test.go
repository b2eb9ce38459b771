package domain

import "testing"

func TestRefundPolicyTiers(t *testing.T) {
	b := Booking{TotalCents: 400000, DepositCents: 50000, AmountPaidCents: 400000}
	cases := []struct {
		days int
		tier string
		want int64
	}{
		{120, "early", 350000},
		{75, "standard", 262500},
		{45, "late", 175000},
		{20, "very_late", 87500},
		{3, "no_refund", 0},
		{-2, "no_refund", 0},
	}
	for _, c := range cases {
		q, err := DefaultRefundPolicy.Apply(b, c.days)
		if err != nil {
			t.Fatalf("%d days: %v", c.days, err)
		}
		if q.Tier.Name != c.tier || q.RefundCents != c.want {
			t.Errorf("%d days: got %s/%d, want %s/%d", c.days, q.Tier.Name, q.RefundCents, c.tier, c.want)
		}
	}
}

func TestAllocateNewestFirst(t *testing.T) {
	pays := []Payment{{ID: "dep", AmountCents: 50000}, {ID: "bal", AmountCents: 350000}}
	got := Allocate(370000, pays)
	if got["bal"] != 350000 || got["dep"] != 20000 {
		t.Fatalf("unexpected allocation %v", got)
	}
}

func TestUnitsForRoundsUp(t *testing.T) {
	s := DepartureService{UnitsPerTraveller: 0.5}
	if n := s.UnitsFor(3); n != 2 {
		t.Fatalf("3 travellers at 0.5 rooms each: got %d rooms", n)
	}
}
