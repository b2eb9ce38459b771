// Package quarantine holds collected plasma in inventory hold until its
// test results are complete and the hold period has elapsed, releases it,
// and ships released units to the fractionator.
package quarantine

import "time"

// Unit statuses.
const (
	UnitQuarantined = "quarantined"
	UnitReleased    = "released"
	UnitRejected    = "rejected"
	UnitShipped     = "shipped"
)

// Shipment statuses.
const (
	ShipmentBooked     = "booked"
	ShipmentDispatched = "dispatched"
)

// Unit is the quarantine view of a plasma unit.
type Unit struct {
	ID          string
	DIN         string
	DonorID     string
	CentreID    string
	VolumeML    int
	CollectedAt time.Time
	HoldUntil   time.Time
	Status      string
}

// TestOutcome is a result relevant to release.
type TestOutcome struct {
	TestCode string
	Outcome  string
}

// Release records how and by whom a unit left quarantine.
type Release struct {
	ID         string
	UnitID     string
	Method     string
	ReleasedBy string
	ReleasedAt time.Time
	Note       string
}

// Shipment is a booked carrier pickup carrying released units.
type Shipment struct {
	ID             string
	CentreID       string
	Consignee      string
	PickupRef      string
	PickupFrom     time.Time
	PickupTo       time.Time
	Status         string
	CartonCount    int
	CreatedBy      string
	CreatedAt      time.Time
	DispatchedAt   *time.Time
	ManifestSentAt *time.Time
}

// ShipmentLine places a unit in a carton.
type ShipmentLine struct {
	UnitID   string
	CartonNo int
}

// CreateShipmentInput is a shipping clerk's request.
type CreateShipmentInput struct {
	CentreID   string
	UnitIDs    []string
	PickupFrom time.Time
	PickupTo   time.Time
	CreatedBy  string
}

// UnitsPerCarton is how many bottles fit a shipping carton.
const UnitsPerCarton = 12

// MaxShipmentUnits caps one pickup.
const MaxShipmentUnits = 1200

// Verdict is the outcome of a release evaluation.
type Verdict int

const (
	VerdictWait Verdict = iota
	VerdictRelease
	VerdictReject
)

// Evaluate decides whether a unit can be released given its results.
func Evaluate(required []string, results []TestOutcome, holdUntil, now time.Time) (Verdict, string) {
	got := make(map[string]string, len(results))
	for _, r := range results {
		got[r.TestCode] = r.Outcome
		if r.Outcome == "reactive" {
			return VerdictReject, "reactive " + r.TestCode
		}
	}
	for _, code := range required {
		outcome, ok := got[code]
		if !ok {
			return VerdictWait, "awaiting " + code
		}
		if outcome != "non_reactive" {
			return VerdictWait, code + " " + outcome
		}
	}
	if now.Before(holdUntil) {
		return VerdictWait, "inventory hold until " + holdUntil.Format(time.DateOnly)
	}
	return VerdictRelease, ""
}
