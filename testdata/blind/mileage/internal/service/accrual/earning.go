package accrual

import "github.com/northwind-air/mileage/internal/domain"

// fareClassEarn is the percentage of distance earned by fare class.
var fareClassEarn = map[string]int64{
	"F": 300, "A": 300, "J": 250, "C": 250, "D": 200,
	"W": 150, "Y": 125, "B": 100, "M": 100, "H": 75,
	"K": 50, "L": 50, "Q": 25, "V": 25,
}

// tierBonus is the extra percentage earned on flights by tier.
var tierBonus = map[domain.Tier]int64{
	domain.TierSilver:   25,
	domain.TierGold:     50,
	domain.TierPlatinum: 100,
}

func flightMiles(distance int64, fareClass string, tier domain.Tier) (miles, tierMiles int64) {
	pct, ok := fareClassEarn[fareClass]
	if !ok {
		return 0, 0
	}
	base := max(distance, 500) * pct / 100
	return base + base*tierBonus[tier]/100, base
}

// hotelMiles earns 500 miles a night plus 1 mile per dollar of room revenue.
func hotelMiles(nights int, roomRevenueCents int64) int64 {
	return int64(nights)*500 + roomRevenueCents/100
}

// carMiles earns by rental day, capped at 14 days.
func carMiles(days int, carClass string) int64 {
	perDay := int64(250)
	if carClass == "PREMIUM" || carClass == "LUXURY" {
		perDay = 400
	}
	return int64(min(days, 14)) * perDay
}
