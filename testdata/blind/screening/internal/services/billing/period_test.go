package billing

import (
	"testing"
	"time"
)

func TestParsePeriod(t *testing.T) {
	p, err := ParsePeriod("2026-02")
	if err != nil {
		t.Fatal(err)
	}
	if !p.Start.Equal(time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("start = %v", p.Start)
	}
	if !p.End.Equal(time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("end = %v", p.End)
	}
	if _, err := ParsePeriod("2026-13"); err == nil {
		t.Error("expected an error for month 13")
	}
}

func TestMonthPeriodCrossesYear(t *testing.T) {
	p := MonthPeriod(time.Date(2025, 12, 31, 23, 59, 0, 0, time.FixedZone("PST", -8*3600)))
	if p.Start.Month() != time.January || p.Start.Year() != 2026 {
		t.Errorf("expected UTC January 2026, got %v", p.Start)
	}
}
