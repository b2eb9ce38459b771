package domain

import "slices"

// Plan is a membership tier.
type Plan struct {
	Code         string
	Name         string
	PriceCents   int64
	Programs     []string
	WashesPerDay int
}

// Allows reports whether members on the plan may run program.
func (p Plan) Allows(program string) bool { return slices.Contains(p.Programs, program) }

// Plans is the membership catalogue. Prices are grandfathered on the
// subscription row, so changing them here only affects new sign-ups.
var Plans = map[string]Plan{
	"express": {Code: "express", Name: "Express Unlimited", PriceCents: 1999, Programs: []string{"express"}, WashesPerDay: 1},
	"shine":   {Code: "shine", Name: "Shine Unlimited", PriceCents: 2999, Programs: []string{"express", "shine"}, WashesPerDay: 2},
	"ceramic": {Code: "ceramic", Name: "Ceramic Unlimited", PriceCents: 3999, Programs: []string{"express", "shine", "ceramic"}, WashesPerDay: 2},
}

// Pack is a bundle of prepaid washes.
type Pack struct {
	Code        string
	Program     string
	Washes      int
	PriceCents  int64
	ValidMonths int
}

// Packs is the prepaid wash pack catalogue.
var Packs = map[string]Pack{
	"express-5":  {Code: "express-5", Program: "express", Washes: 5, PriceCents: 4000, ValidMonths: 12},
	"shine-5":    {Code: "shine-5", Program: "shine", Washes: 5, PriceCents: 6000, ValidMonths: 12},
	"ceramic-10": {Code: "ceramic-10", Program: "ceramic", Washes: 10, PriceCents: 14000, ValidMonths: 18},
}

// Reward is something loyalty points can be exchanged for.
type Reward struct {
	Code       string
	Program    string
	CostPoints int64
	ValidDays  int
}

// Rewards is the loyalty reward catalogue.
var Rewards = map[string]Reward{
	"free-express": {Code: "free-express", Program: "express", CostPoints: 500, ValidDays: 60},
	"free-shine":   {Code: "free-shine", Program: "shine", CostPoints: 800, ValidDays: 60},
	"free-ceramic": {Code: "free-ceramic", Program: "ceramic", CostPoints: 1200, ValidDays: 60},
}
