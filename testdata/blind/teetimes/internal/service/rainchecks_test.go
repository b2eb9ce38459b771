package service

import (
	"testing"
	"time"

	"github.com/fairwaylinks/teetimes/internal/config"
	"github.com/fairwaylinks/teetimes/internal/domain"
)

func TestCreditForClosure(t *testing.T) {
	tee := time.Date(2025, 6, 14, 9, 0, 0, 0, time.UTC)
	b := &domain.Booking{GreenFeeCents: 18000}
	cases := []struct {
		name   string
		closed time.Time
		want   int64
	}{
		{"closed before tee off", tee.Add(-time.Hour), 18000},
		{"closed at tee off", tee, 18000},
		{"six holes played", tee.Add(90 * time.Minute), 12000},
		{"round finished", tee.Add(5 * time.Hour), 0},
	}
	for _, tc := range cases {
		if got := creditForClosure(b, tee, tc.closed, 18); got != tc.want {
			t.Errorf("%s: got %d, want %d", tc.name, got, tc.want)
		}
	}
}

func TestRefundable(t *testing.T) {
	now := time.Date(2025, 6, 10, 12, 0, 0, 0, time.UTC)
	s := &refundService{
		cfg: &config.Config{LateCancelWindow: 48 * time.Hour, LateCancelRefundBps: 5000},
		now: func() time.Time { return now },
	}
	b := &domain.Booking{AmountDueCents: 10000, CartFeeCents: 2000, CancelledAt: &now}

	if got := s.refundable(b, now.Add(72*time.Hour)); got != 10000 {
		t.Errorf("early cancel: got %d, want 10000", got)
	}
	if got := s.refundable(b, now.Add(24*time.Hour)); got != 6000 {
		t.Errorf("late cancel: got %d, want 6000 (half green fee plus carts)", got)
	}
}

func TestBuildSlots(t *testing.T) {
	loc, err := time.LoadLocation("America/New_York")
	if err != nil {
		t.Skip("tzdata not available")
	}
	c := domain.Course{ID: "c1", FirstTee: "07:00", LastTee: "08:00", IntervalMinutes: 10, MaxPlayers: 4}
	slots, err := buildSlots(c, time.Date(2025, 7, 1, 0, 0, 0, 0, loc), loc)
	if err != nil {
		t.Fatal(err)
	}
	if len(slots) != 7 {
		t.Fatalf("got %d slots, want 7", len(slots))
	}
	again, _ := buildSlots(c, time.Date(2025, 7, 1, 0, 0, 0, 0, loc), loc)
	if slots[3].ID != again[3].ID {
		t.Fatal("slot ids must be stable across runs")
	}
}
