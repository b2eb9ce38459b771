package scheduling

import (
	"fmt"
	"time"
)

// Patterns are the two standard in-center hemodialysis rotations.
var patternDays = map[string][]time.Weekday{
	"MWF": {time.Monday, time.Wednesday, time.Friday},
	"TTS": {time.Tuesday, time.Thursday, time.Saturday},
}

func validPattern(p string) bool {
	_, ok := patternDays[p]
	return ok
}

// WeekStart returns the Monday (UTC midnight) of the week containing t.
func WeekStart(t time.Time) time.Time {
	t = time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	offset := (int(t.Weekday()) + 6) % 7
	return t.AddDate(0, 0, -offset)
}

// NextWeekStart returns the Monday after the week containing t.
func NextWeekStart(t time.Time) time.Time {
	return WeekStart(t).AddDate(0, 0, 7)
}

// ParseWeek parses "2006-01-02" and requires a Monday.
func ParseWeek(s string) (time.Time, error) {
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		return time.Time{}, fmt.Errorf("week start %q: %w", s, err)
	}
	if t.Weekday() != time.Monday {
		return time.Time{}, fmt.Errorf("week start %s is a %s, not a Monday", s, t.Weekday())
	}
	return t, nil
}

// sessionDates lists the treatment dates for pattern in the week starting
// on monday, clipped to [from, to] (to may be zero for open-ended).
func sessionDates(pattern string, monday, from, to time.Time) []time.Time {
	var out []time.Time
	for _, wd := range patternDays[pattern] {
		d := monday.AddDate(0, 0, (int(wd)+6)%7)
		if d.Before(from) {
			continue
		}
		if !to.IsZero() && d.After(to) {
			continue
		}
		out = append(out, d)
	}
	return out
}
