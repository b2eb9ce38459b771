package domain

// Tier is a member's status level. Tiers are ordered.
type Tier string

const (
	TierBlue     Tier = "blue"
	TierSilver   Tier = "silver"
	TierGold     Tier = "gold"
	TierPlatinum Tier = "platinum"
)

var tierOrder = map[Tier]int{TierBlue: 0, TierSilver: 1, TierGold: 2, TierPlatinum: 3}

// Above reports whether t ranks higher than other.
func (t Tier) Above(other Tier) bool { return tierOrder[t] > tierOrder[other] }

// TierThreshold is the lifetime points needed to reach a tier.
type TierThreshold struct {
	Tier          Tier
	MinLifetime   int64
	UpgradeBonus  int64
	EarnMultipler float64
}

// DefaultTierPolicy is the programme's published tier table.
var DefaultTierPolicy = TierPolicy{Thresholds: []TierThreshold{
	{Tier: TierBlue, MinLifetime: 0, UpgradeBonus: 0, EarnMultipler: 1.0},
	{Tier: TierSilver, MinLifetime: 5_000, UpgradeBonus: 500, EarnMultipler: 1.25},
	{Tier: TierGold, MinLifetime: 20_000, UpgradeBonus: 1_500, EarnMultipler: 1.5},
	{Tier: TierPlatinum, MinLifetime: 60_000, UpgradeBonus: 5_000, EarnMultipler: 2.0},
}}

type TierPolicy struct {
	Thresholds []TierThreshold
}

// For returns the highest tier reachable with the given lifetime points.
func (p TierPolicy) For(lifetime int64) TierThreshold {
	best := p.Thresholds[0]
	for _, th := range p.Thresholds {
		if lifetime >= th.MinLifetime {
			best = th
		}
	}
	return best
}

// Multiplier returns the earn multiplier for a tier.
func (p TierPolicy) Multiplier(t Tier) float64 {
	for _, th := range p.Thresholds {
		if th.Tier == t {
			return th.EarnMultipler
		}
	}
	return 1.0
}
