package loyalty

import "time"

// Rules turn money into points and points into tiers.
type Rules struct {
	PointsPerEuro map[string]int64 // by fare class
	TierThreshold []TierStep       // ascending by MinPoints
}

// TierStep is one rung of the tier ladder.
type TierStep struct {
	Tier      string
	MinPoints int64
}

// DefaultRules are the published scheme rules.
func DefaultRules() Rules {
	return Rules{
		PointsPerEuro: map[string]int64{"standard": 1, "first": 2, "flex": 2},
		TierThreshold: []TierStep{
			{Tier: "blue", MinPoints: 0},
			{Tier: "silver", MinPoints: 2_500},
			{Tier: "gold", MinPoints: 8_000},
		},
	}
}

// PointsFor returns the points earned on cents spent in fareClass.
func (r Rules) PointsFor(cents int64, fareClass string) int64 {
	rate, ok := r.PointsPerEuro[fareClass]
	if !ok {
		rate = 1
	}
	return cents / 100 * rate
}

// TierFor returns the tier for a points total.
func (r Rules) TierFor(points int64) string {
	tier := r.TierThreshold[0].Tier
	for _, step := range r.TierThreshold {
		if points >= step.MinPoints {
			tier = step.Tier
		}
	}
	return tier
}

// PeriodBounds parses "YYYY-MM" into [start, end).
func PeriodBounds(period string) (time.Time, time.Time, error) {
	start, err := time.Parse("2006-01", period)
	if err != nil {
		return time.Time{}, time.Time{}, err
	}
	return start, start.AddDate(0, 1, 0), nil
}
