package models

import (
	"time"

	"github.com/google/uuid"
)

type MembershipTier string

const (
	TierIndividual MembershipTier = "individual"
	TierJoint      MembershipTier = "joint"
	TierFamily     MembershipTier = "family"
	TierPatron     MembershipTier = "patron"
)

var annualPrice = map[MembershipTier]int64{
	TierIndividual: 6500,
	TierJoint:      9500,
	TierFamily:     11000,
	TierPatron:     50000,
}

// AnnualPriceMinor is the list price in pence; zero for unknown tiers.
func (t MembershipTier) AnnualPriceMinor() int64 { return annualPrice[t] }

type MembershipStatus string

const (
	MembershipPending   MembershipStatus = "pending_payment"
	MembershipActive    MembershipStatus = "active"
	MembershipLapsed    MembershipStatus = "lapsed"
	MembershipSuspended MembershipStatus = "suspended"
	MembershipCancelled MembershipStatus = "cancelled"
)

type Membership struct {
	ID              uuid.UUID `gorm:"type:uuid;primaryKey"`
	MemberNumber    int64     `gorm:"->"`
	Email           string
	FullName        string
	Tier            MembershipTier
	Status          MembershipStatus
	AutoRenew       bool
	Period          int
	StartsAt        time.Time
	ExpiresAt       time.Time
	ShopperRef      string
	RecurringToken  *string
	AddressLine1    string
	AddressCity     string
	AddressPostcode string
	AddressCountry  string
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

func (Membership) TableName() string { return "memberships" }

// PeriodEnd returns the expiry date for the given membership year, counted
// from the original start date.
func (m Membership) PeriodEnd(period int) time.Time {
	return m.StartsAt.AddDate(period, 0, 0)
}

type MembershipRenewal struct {
	MembershipID uuid.UUID `gorm:"type:uuid;primaryKey"`
	Period       int       `gorm:"primaryKey"`
	AmountMinor  int64
	Currency     string
	PSPReference string
	RenewedAt    time.Time `gorm:"autoCreateTime"`
}

func (MembershipRenewal) TableName() string { return "membership_renewals" }

type MembershipCard struct {
	MembershipID uuid.UUID `gorm:"type:uuid;primaryKey"`
	Period       int       `gorm:"primaryKey"`
	PrintJobID   string
	RequestedAt  time.Time `gorm:"autoCreateTime"`
}

func (MembershipCard) TableName() string { return "membership_cards" }

type WelcomePack struct {
	MembershipID    uuid.UUID `gorm:"type:uuid;primaryKey"`
	PartnerOrderID  string
	ClientReference string
	CreatedAt       time.Time
}

func (WelcomePack) TableName() string { return "welcome_packs" }
