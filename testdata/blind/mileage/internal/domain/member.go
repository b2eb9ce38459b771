// Package domain holds the programme's core types. It has no dependencies on
// storage or transport.
package domain

import (
	"errors"
	"time"
)

var (
	ErrNotFound          = errors.New("not found")
	ErrInsufficientMiles = errors.New("insufficient miles")
	ErrConflict          = errors.New("conflict")
	ErrInvalid           = errors.New("invalid request")
	ErrInProgress        = errors.New("request already in progress")
)

// Tier is a membership status level.
type Tier string

const (
	TierBlue     Tier = "BLUE"
	TierSilver   Tier = "SILVER"
	TierGold     Tier = "GOLD"
	TierPlatinum Tier = "PLATINUM"
)

// TierThresholds are the qualifying miles needed in a calendar year.
var TierThresholds = []struct {
	Tier  Tier
	Miles int64
}{
	{TierPlatinum, 100000},
	{TierGold, 50000},
	{TierSilver, 25000},
	{TierBlue, 0},
}

// TierFor returns the tier earned by the given qualifying miles.
func TierFor(tierMiles int64) Tier {
	for _, t := range TierThresholds {
		if tierMiles >= t.Miles {
			return t.Tier
		}
	}
	return TierBlue
}

// Rank orders tiers so upgrades can be compared.
func (t Tier) Rank() int {
	switch t {
	case TierPlatinum:
		return 3
	case TierGold:
		return 2
	case TierSilver:
		return 1
	default:
		return 0
	}
}

// Member is an enrolled programme member.
type Member struct {
	ID             string
	Number         string
	Email          string
	Phone          string
	FirstName      string
	LastName       string
	Tier           Tier
	Balance        int64
	TierMiles      int64
	Status         string
	SMSOptIn       bool
	EnrolledAt     time.Time
	LastActivityAt time.Time
}

// Enrollment is the input for creating a member.
type Enrollment struct {
	Email     string
	Phone     string
	FirstName string
	LastName  string
}

// AutoTopUp is a member's standing instruction to buy miles every month.
type AutoTopUp struct {
	MemberID    string
	Miles       int64
	AmountCents int64
	Currency    string
	CardToken   string
	NextRunAt   time.Time
}

// TierChange records a status upgrade.
type TierChange struct {
	MemberID       string
	From           Tier
	To             Tier
	QualifyingYear int
	TierMiles      int64
}
