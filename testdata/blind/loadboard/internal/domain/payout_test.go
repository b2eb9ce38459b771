package domain

import "testing"

func TestQuickPayAmounts(t *testing.T) {
	cases := []struct {
		gross, fee, net int64
	}{
		{gross: 250000, fee: 6250, net: 243750},
		{gross: 100, fee: 3, net: 97},
		{gross: 0, fee: 0, net: 0},
	}
	for _, c := range cases {
		fee, net := QuickPayAmounts(c.gross)
		if fee != c.fee || net != c.net {
			t.Errorf("QuickPayAmounts(%d) = %d, %d; want %d, %d", c.gross, fee, net, c.fee, c.net)
		}
		if fee+net != c.gross {
			t.Errorf("fee+net != gross for %d", c.gross)
		}
	}
}
