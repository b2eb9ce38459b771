// Package donor owns donor registration, consent, contact details and
// deferrals.
package donor

import "time"

// Status values for a donor.
const (
	StatusActive              = "active"
	StatusDeferred            = "deferred"
	StatusPermanentlyDeferred = "permanently_deferred"
	StatusClosed              = "closed"
)

// Donor is a registered plasma donor.
type Donor struct {
	ID             string
	NationalIDHash string
	FirstName      string
	LastName       string
	DateOfBirth    time.Time
	Phone          string
	Email          string
	HomeCentreID   string
	CardholderRef  string
	Status         string
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// Eligible reports whether the donor may book and donate.
func (d Donor) Eligible() bool { return d.Status == StatusActive }

// Address is the donor's mailing address, used for card delivery only; we
// do not store it.
type Address struct {
	Line1      string
	Line2      string
	City       string
	Region     string
	PostalCode string
	Country    string
}

// RegisterInput is what the front desk captures at first visit.
type RegisterInput struct {
	NationalID   string
	FirstName    string
	LastName     string
	DateOfBirth  time.Time
	Phone        string
	Email        string
	HomeCentreID string
	Address      Address
	RegisteredBy string
}

// Consent is a signed informed-consent form.
type Consent struct {
	DonorID     string
	FormVersion string
	SignedAt    time.Time
	WitnessedBy string
}

// Deferral temporarily or permanently bars a donor.
type Deferral struct {
	ID         string
	DonorID    string
	ReasonCode string
	StartsOn   time.Time
	EndsOn     *time.Time
	RecordedBy string
	Notes      string
	CreatedAt  time.Time
}

// Permanent reports whether the deferral has no end date.
func (d Deferral) Permanent() bool { return d.EndsOn == nil }

// DeferralInput is a staff-entered deferral.
type DeferralInput struct {
	DonorID    string
	ReasonCode string
	StartsOn   time.Time
	Days       int // 0 = permanent
	RecordedBy string
	Notes      string
}

// ContactUpdate changes how we reach the donor.
type ContactUpdate struct {
	DonorID string
	Phone   string
	Email   string
}

// Deferral reason codes the desk can pick from. Codes map to default
// durations in days; 0 means permanent.
var deferralDurations = map[string]int{
	"LOW_HEMATOCRIT":  14,
	"LOW_PROTEIN":     14,
	"HIGH_BP":         1,
	"TATTOO":          120,
	"TRAVEL_MALARIA":  90,
	"MEDICATION":      30,
	"REACTIVE_MARKER": 0,
	"ADVERSE_SEVERE":  0,
	"OTHER":           -1,
}

// DefaultDays returns the standard deferral length for code and whether the
// code is known. -1 means staff must supply the length.
func DefaultDays(code string) (int, bool) {
	d, ok := deferralDurations[code]
	return d, ok
}
