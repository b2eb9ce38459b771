// Package owners holds owners, their dogs, the location directory and SMS
// preferences.
package owners

import (
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
)

// Owner is a customer.
type Owner struct {
	bun.BaseModel `bun:"table:owners"`

	ID                     uuid.UUID `bun:"id,pk,type:uuid"`
	FullName               string    `bun:"full_name,notnull"`
	Email                  string    `bun:"email,notnull"`
	Phone                  string    `bun:"phone,notnull"`
	HomeLocationID         *string   `bun:"home_location_id"`
	StripeCustomerID       *string   `bun:"stripe_customer_id"`
	DefaultPaymentMethodID *string   `bun:"default_payment_method_id"`
	LoyaltyBalance         int64     `bun:"loyalty_balance,notnull"`
	CreatedAt              time.Time `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

// CanBeCharged reports whether a saved card is on file.
func (o *Owner) CanBeCharged() bool {
	return o.StripeCustomerID != nil && o.DefaultPaymentMethodID != nil
}

// Dog belongs to an owner.
type Dog struct {
	bun.BaseModel `bun:"table:dogs"`

	ID        uuid.UUID  `bun:"id,pk,type:uuid"`
	OwnerID   uuid.UUID  `bun:"owner_id,type:uuid,notnull"`
	Name      string     `bun:"name,notnull"`
	Breed     *string    `bun:"breed"`
	BirthDate *time.Time `bun:"birth_date,type:date"`
	Notes     *string    `bun:"notes"`
	CreatedAt time.Time  `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

// Location is a boarding/daycare site run by a franchise.
type Location struct {
	bun.BaseModel `bun:"table:locations"`

	ID               string `bun:"id,pk"`
	FranchiseID      string `bun:"franchise_id,notnull"`
	Name             string `bun:"name,notnull"`
	Timezone         string `bun:"timezone,notnull"`
	Capacity         int    `bun:"capacity,notnull"`
	NightlyRateCents int64  `bun:"nightly_rate_cents,notnull"`
	DaycareRateCents int64  `bun:"daycare_rate_cents,notnull"`
	Active           bool   `bun:"active,notnull"`
}

// Franchise owns one or more locations and is paid out nightly.
type Franchise struct {
	bun.BaseModel `bun:"table:franchises"`

	ID              string `bun:"id,pk"`
	Name            string `bun:"name,notnull"`
	StripeAccountID string `bun:"stripe_account_id,notnull"`
	PlatformFeeBps  int64  `bun:"platform_fee_bps,notnull"`
}

// SMSPreferences controls which texts an owner receives.
type SMSPreferences struct {
	bun.BaseModel `bun:"table:sms_preferences"`

	OwnerID        uuid.UUID `bun:"owner_id,pk,type:uuid"`
	OptedIn        bool      `bun:"opted_in,notnull"`
	PhotoUpdates   bool      `bun:"photo_updates,notnull"`
	QuietStartHour *int16    `bun:"quiet_start_hour"`
	QuietEndHour   *int16    `bun:"quiet_end_hour"`
	UpdatedAt      time.Time `bun:"updated_at,notnull"`
}

// InQuietHours reports whether hour (0-23, local) falls in the owner's
// quiet window.
func (p *SMSPreferences) InQuietHours(hour int) bool {
	if p.QuietStartHour == nil || p.QuietEndHour == nil {
		return false
	}
	s, e := int(*p.QuietStartHour), int(*p.QuietEndHour)
	if s <= e {
		return hour >= s && hour < e
	}
	return hour >= s || hour < e
}
